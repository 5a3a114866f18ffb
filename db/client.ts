import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { Redis } from "ioredis";
import pg from "pg";
import { announceThrough, type Broadcast, connectRedis, postgresBroadcast, redisBroadcast } from "./broadcast.ts";
import { lockDataDir } from "./data-dir-lock.ts";
import type { Db } from "./handle.ts";
import { type Listener, pgliteListener, postgresListener } from "./listen.ts";
import { statementsTakeTurns } from "./pglite-turns.ts";
import { QuickReadPool } from "./quick-reads.ts";
import { type ReplicaWatch, watchReplica } from "./replica.ts";
import * as schema from "./schema/index.ts";

// The domains take the handle's types from here; db/handle.ts holds them so that db/broadcast.ts, which this
// file opens, need not import it back.
export type { Db, Tx } from "./handle.ts";

export type DatabaseTarget =
  /** `cacheMb`: PostgreSQL's shared_buffers (PGlite's default is 128 MB). */
  | { kind: "pglite"; dir: string; cacheMb?: number }
  /** In memory; with `client`, that instance (tests clone a migrated template into it). */
  | { kind: "pglite-memory"; client?: PGlite }
  | {
      kind: "postgres";
      url: string;
      /** Connections in this process's pool (10). */
      poolSize?: number;
      /** Pipelined connections of this process's quick reads (1; db/quick-reads.ts). */
      quickReadConnections?: number;
      /** False: every statement unnamed, for a pooler in transaction mode that cannot keep named ones. */
      preparedStatements?: boolean;
      /** A streaming replica for visitors' catalogue reads (db/replica.ts). */
      replica?: { url: string; maxLagMs: number };
    };

export interface DatabaseOptions {
  /** Redis for the limits and the broadcasts (db/broadcast.ts); without it, PostgreSQL does both. */
  redis?: { url: string; prefix: string };
}

export interface Database {
  db: Db;
  /**
   * For the short, indexed reads every signed-in request makes (its session, the top bar, the inbox, a
   * conversation, the favourites): on PostgreSQL, pipelined on connections of their own (db/quick-reads.ts); on the
   * embedded database, or behind a pooler (DATABASE_PREPARED_STATEMENTS=false), `db` itself. Its
   * transactions are `db`'s.
   */
  quickReads: Db;
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
   * What every process hears (live updates, cache emptying, wake-ups): the listener and NOTIFY, or Redis
   * pub/sub with REDIS_URL. Announce with `announce` (db/broadcast.ts), which knows which.
   */
  broadcast: Broadcast;
  /** With REDIS_URL: a connection for commands (the limits' counters), and the prefix of every key. */
  redis?: { client: Redis; prefix: string };
  /** With DATABASE_REPLICA_URL: the replica and whether it may be read now. */
  replica?: { db: Db; watch: ReplicaWatch };
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
export async function openDatabase(target: DatabaseTarget, options: DatabaseOptions = {}): Promise<Database> {
  const database = target.kind === "postgres" ? await openPostgres(target) : await openPglite(target);
  if (!options.redis) return database;
  // Chosen here, once: with Redis, announcements go through it, and what is announced in a transaction
  // waits for its commit.
  const connections = await connectRedis(options.redis.url);
  const broadcast = redisBroadcast(connections, options.redis.prefix);
  announceThrough(database.db, broadcast);
  return {
    ...database,
    broadcast,
    redis: { client: connections.commands, prefix: options.redis.prefix },
    async close() {
      await broadcast.close();
      await database.close();
    },
  };
}

async function openPglite(target: Exclude<DatabaseTarget, { kind: "postgres" }>): Promise<Database> {
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

async function openPostgres({
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

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
