import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { postgresBroadcast } from "./broadcast.ts";
import { type Database, type DatabaseTarget, migrationsFolder, ping } from "./client.ts";
import { lockDataDir } from "./data-dir-lock.ts";
import type { Db } from "./handle.ts";
import { pgliteListener } from "./listen.ts";
import { statementsInOneCall } from "./pglite-statements.ts";
import { statementsTakeTurns } from "./pglite-turns.ts";
import * as schema from "./schema/index.ts";

/** The embedded database (a folder, or memory), loaded only where chosen: a PostgreSQL-backed process never holds PGlite. */
export async function openEmbedded(target: Exclude<DatabaseTarget, { kind: "postgres" }>): Promise<Database> {
  let client: PGlite;
  let release = () => {};
  if (target.kind === "pglite") {
    fs.mkdirSync(target.dir, { recursive: true });
    // PGlite does not lock its folder: a second process would silently lose writes.
    release = lockDataDir(target.dir);
    try {
      client = (await PGlite.create(target.dir, {
        extensions: { pg_trgm },
        // PGlite's own settings (single user, no parallel workers…) with the page cache's size added to them.
        startParams: [
          ...PGlite.defaultStartParams,
          ...(target.cacheMb ? ["-c", `shared_buffers=${target.cacheMb}MB`] : []),
        ],
      })) as unknown as PGlite;
    } catch (error) {
      release();
      throw error;
    }
  } else {
    client = target.client ?? ((await PGlite.create({ extensions: { pg_trgm } })) as unknown as PGlite);
  }
  statementsTakeTurns(client);
  const db = drizzlePglite({ client, schema, casing: "snake_case" });
  statementsInOneCall(db, client);
  await migratePglite(db, { migrationsFolder });
  const listener = pgliteListener(client);
  return {
    db: db as unknown as Db,
    quickReads: db as unknown as Db,
    kind: "pglite",
    pglite: client,
    listener,
    broadcast: postgresBroadcast(db as unknown as Db, listener),
    exclusively: (work) => work(),
    ping: () => ping(db as unknown as Db),
    async close() {
      await listener.close();
      await client.close();
      release();
    },
  };
}
