import type pg from "pg";

/** How often the replica's health and lag are read, in the background (never per request). */
const CHECK_EVERY_MS = 1_000;

export interface ReplicaOptions {
  /** Past this lag the replica is not used. */
  maxLagMs: number;
  /** The primary, to learn how far its WAL has gone. */
  primary: pg.Pool;
}

/**
 * A streaming replica's pool and whether it may be read now: it answers, is in recovery (a replica, not
 * a promoted server that went its own way), and has replayed what the primary had written when last
 * checked — or, failing that, its last replayed transaction is less than `maxLagMs` old. Comparing
 * positions and not only the replay time: on an idle primary the last replayed transaction gets old
 * while the replica is perfectly current.
 */
export function watchReplica(pool: pg.Pool, { maxLagMs, primary }: ReplicaOptions) {
  let usable = false;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  async function check() {
    try {
      const { rows: p } = await primary.query<{ lsn: string }>("select pg_current_wal_lsn()::text as lsn");
      const { rows } = await pool.query<{ standby: boolean; caught_up: boolean | null; lag_ms: number | null }>(
        `select pg_is_in_recovery() as standby,
                pg_last_wal_replay_lsn() >= $1::pg_lsn as caught_up,
                (extract(epoch from now() - pg_last_xact_replay_timestamp()) * 1000)::float8 as lag_ms`,
        [p[0]?.lsn],
      );
      const r = rows[0];
      usable = Boolean(r?.standby && (r.caught_up || (r.lag_ms !== null && r.lag_ms <= maxLagMs)));
    } catch {
      usable = false;
    }
  }

  const loop = async () => {
    await check();
    if (!closed) timer = setTimeout(loop, CHECK_EVERY_MS).unref();
  };

  return {
    /** The first check, so a process starts knowing whether to read it. */
    start: loop,
    usable: () => usable,
    /** A read failed on it: the primary until the next check says otherwise. */
    failed() {
      usable = false;
    },
    stop() {
      closed = true;
      clearTimeout(timer);
    },
  };
}

export type ReplicaWatch = ReturnType<typeof watchReplica>;

/**
 * `onReplica`'s methods while the replica may be read, `onPrimary`'s otherwise; a read that fails on the
 * replica (it stopped between two checks) is made again on the primary, so a visitor sees no error.
 * For reads only: each method may run twice.
 */
export function readFromReplica<T extends Record<string, unknown>>(
  onReplica: T,
  onPrimary: T,
  watch: Pick<ReplicaWatch, "usable" | "failed">,
): T {
  return Object.fromEntries(
    Object.entries(onPrimary).map(([key, primaryFn]) => {
      const replicaFn = onReplica[key];
      if (typeof primaryFn !== "function" || typeof replicaFn !== "function") return [key, primaryFn];
      return [
        key,
        async (...args: unknown[]) => {
          if (!watch.usable()) return primaryFn(...args);
          try {
            return await replicaFn(...args);
          } catch {
            watch.failed();
            return primaryFn(...args);
          }
        },
      ];
    }),
  ) as T;
}
