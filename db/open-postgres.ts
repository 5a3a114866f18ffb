import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { announceThrough, postgresBroadcast } from "./broadcast.ts";
import { type Database, type DatabaseTarget, migrationsFolder, ping } from "./client.ts";
import type { Db } from "./handle.ts";
import { postgresListener } from "./listen.ts";
import { QuickReadPool } from "./quick-reads.ts";
import { watchReplica } from "./replica.ts";
import * as schema from "./schema/index.ts";

/** The advisory lock key of start-up work (migrations, demo seeding): "relaptop" as a 64-bit number. */
const STARTUP_LOCK = "8243113858725867376";

/** A PostgreSQL server (`DATABASE_URL`), loaded only where chosen. */
export async function openPostgres({
  url,
  poolSize = 10,
  quickReadConnections = 1,
  preparedStatements = true,
  replica,
}: Extract<DatabaseTarget, { kind: "postgres" }>): Promise<Database> {
  const pool = postgresPool(url, poolSize, preparedStatements);
  const db = drizzlePg({ client: pool, schema, casing: "snake_case" });
  const exclusively = async <T>(work: () => Promise<T>): Promise<T> => {
    // Held by a transaction of its own connection (not the pool's: `work` uses the pool, which may have
    // one connection) for the whole of `work`, and released by its end. A transaction, not a session lock:
    // behind a pooler in transaction mode, a session is not one server connection, a transaction is.
    const session = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
    session.on("error", () => {});
    await session.connect();
    try {
      await session.query("begin");
      await session.query("select pg_advisory_xact_lock($1)", [STARTUP_LOCK]);
      return await work();
    } finally {
      await session.query("rollback").catch(() => {});
      await session.end().catch(() => {});
    }
  };
  // Without the lock, two processes starting on an empty database both create the schema and one
  // dies on a duplicate type.
  await exclusively(() => migratePg(db, { migrationsFolder }));
  const listener = postgresListener(url);
  const onReplica = replica && (await openReplica(replica, pool, poolSize, preparedStatements));
  // Announced after each commit, not inside the transaction (see announceThrough: NOTIFY serialises commits),
  // through a connection of its own: on the requests' pool, under load, announcements waited for a
  // connection past its timeout and were lost. postgresBroadcast sends one statement at a time on it.
  // A statement stuck on a connection that died silently must not hold back every later announcement.
  // Opened by the first quick read: a worker process (`npm run worker`), which makes none, keeps no such connection.
  const quick = preparedStatements ? new QuickReadPool(url, pool, quickReadConnections) : null;
  const announcer = postgresPool(url, 1, false, 10_000);
  const broadcast = postgresBroadcast(drizzlePg({ client: announcer }) as unknown as Db, listener);
  announceThrough(db as unknown as Db, broadcast);
  return {
    db: db as unknown as Db,
    quickReads: quick ? quickReadsThrough(quick, db as unknown as Db) : (db as unknown as Db),
    kind: "postgres",
    pool,
    url,
    listener,
    broadcast,
    replica: onReplica && { db: onReplica.db, watch: onReplica.watch },
    exclusively,
    ping: () => ping(db as unknown as Db),
    async close() {
      await listener.close();
      await onReplica?.close();
      await quick?.end();
      await pool.end();
      await announcer.end();
    },
  };
}

function postgresPool(url: string, max: number, preparedStatements: boolean, queryTimeoutMs?: number) {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: 5000,
    query_timeout: queryTimeoutMs,
  });
  // An idle client losing its server (restart, outage) must not crash the process;
  // the pool replaces it and /healthz reports the outage meanwhile.
  pool.on("error", () => {});
  if (!preparedStatements) {
    // Drizzle's `.prepare(name)` becomes pg's named statement; unnamed, the pooler may hand each statement
    // to another server connection (PgBouncer in transaction mode before 1.21, or without max_prepared_statements).
    pool.on("connect", (client) => {
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      client.query = ((config: unknown, ...rest: unknown[]) =>
        query(
          config && typeof config === "object" && "name" in config ? { ...config, name: undefined } : config,
          ...rest,
        )) as typeof client.query;
    });
  }
  return pool;
}

/** Drizzle on the pipelined connection, whose transactions are the database's (on its pool, announced as there). */
function quickReadsThrough(quick: QuickReadPool, db: Db): Db {
  const reads = drizzlePg({ client: quick as unknown as pg.Pool, schema, casing: "snake_case" }) as unknown as Db;
  // Looked up on each call: `announceThrough` wraps db.transaction, again when Redis is chosen.
  reads.transaction = ((work, config) => db.transaction(work, config)) as Db["transaction"];
  return reads;
}

/** The replica's pool (as large as the primary's), watched in the background from the first check on. */
async function openReplica(
  { url, maxLagMs }: { url: string; maxLagMs: number },
  primary: pg.Pool,
  poolSize: number,
  preparedStatements: boolean,
) {
  const pool = postgresPool(url, poolSize, preparedStatements);
  const watch = watchReplica(pool, { maxLagMs, primary });
  await watch.start();
  return {
    db: drizzlePg({ client: pool, schema, casing: "snake_case" }) as unknown as Db,
    watch,
    async close() {
      watch.stop();
      await pool.end();
    },
  };
}
