import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { Redis } from "ioredis";
import type pg from "pg";
import { announceThrough, type Broadcast, connectRedis, redisBroadcast } from "./broadcast.ts";
import type { Db } from "./handle.ts";
import type { Listener } from "./listen.ts";
import type { ReplicaWatch } from "./replica.ts";

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

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/** Opens the database and brings its schema up to date. */
export async function openDatabase(target: DatabaseTarget, options: DatabaseOptions = {}): Promise<Database> {
  // Each kind's driver and its packages load only where chosen (PGlite's alone is half a megabyte of code).
  const database =
    target.kind === "postgres"
      ? await (await import("./open-postgres.ts")).openPostgres(target)
      : await (await import("./open-embedded.ts")).openEmbedded(target);
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

/** True when the database answers a trivial query. */
export async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
