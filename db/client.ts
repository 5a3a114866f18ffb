import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { lockDataDir } from "./data-dir-lock.ts";
import { type Listener, pgliteListener, postgresListener } from "./listen.ts";
import * as schema from "./schema.ts";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle: the same query API as the database. Domain rules take `Db | Tx`. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type DatabaseTarget =
  | { kind: "pglite"; dir: string }
  /** In memory; with `client`, that instance (tests clone a migrated template into it). */
  | { kind: "pglite-memory"; client?: PGlite }
  | { kind: "postgres"; url: string };

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** PostgreSQL only: the connection pool, for stores that speak pg directly (rate limits shared by every process). */
  pool?: pg.Pool;
  /** PGlite only: the instance (the job queue runs on its one session through pg-boss's adapter). */
  pglite?: PGlite;
  /** PostgreSQL only: the server's address (the job queue and the listener open their own connections). */
  url?: string;
  /** LISTEN for this process: one dedicated connection, opened on the first subscription (db/listen.ts). */
  listener: Listener;
  /**
   * Runs `work` holding the cluster-wide start-up lock (a PostgreSQL advisory lock; the embedded database
   * has one process by construction), so processes started together migrate and seed one after another.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** The advisory lock key of start-up work (migrations, demo seeding): "relaptop" as a 64-bit number. */
const STARTUP_LOCK = "8243113858725867376";

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/** Opens the database and brings its schema up to date. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === "postgres") return openPostgres(target.url);
  let client: PGlite;
  let release = () => {};
  if (target.kind === "pglite") {
    fs.mkdirSync(target.dir, { recursive: true });
    // PGlite does not lock its folder: a second process would silently lose writes.
    release = lockDataDir(target.dir);
    try {
      client = (await PGlite.create(target.dir, { extensions: { pg_trgm } })) as unknown as PGlite;
    } catch (error) {
      release();
      throw error;
    }
  } else {
    client = target.client ?? ((await PGlite.create({ extensions: { pg_trgm } })) as unknown as PGlite);
  }
  const db = drizzlePglite({ client, schema, casing: "snake_case" });
  await migratePglite(db, { migrationsFolder });
  const listener = pgliteListener(client);
  return {
    db: db as unknown as Db,
    kind: "pglite",
    pglite: client,
    listener,
    exclusively: (work) => work(),
    ping: () => ping(db as unknown as Db),
    async close() {
      await listener.close();
      await client.close();
      release();
    },
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // An idle client losing its server (restart, outage) must not crash the process;
  // the pool replaces it and /healthz reports the outage meanwhile.
  pool.on("error", () => {});
  const db = drizzlePg({ client: pool, schema, casing: "snake_case" });
  const exclusively = async <T>(work: () => Promise<T>): Promise<T> => {
    // Held by one session for the whole of `work` (which uses the pool's other connections).
    const session = await pool.connect();
    try {
      await session.query("select pg_advisory_lock($1)", [STARTUP_LOCK]);
      return await work();
    } finally {
      await session.query("select pg_advisory_unlock($1)", [STARTUP_LOCK]).catch(() => {});
      session.release();
    }
  };
  // Without the lock, two processes starting on an empty database both create the schema and one
  // dies on a duplicate type.
  await exclusively(() => migratePg(db, { migrationsFolder }));
  const listener = postgresListener(url);
  return {
    db: db as unknown as Db,
    kind: "postgres",
    pool,
    url,
    listener,
    exclusively,
    ping: () => ping(db as unknown as Db),
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
