import type pg from "pg";

/** How often the replica's health and lag are read, in the background (never per request). */
const CHECK_EVERY_MS = 1_000;
/** How soon it is checked again after a change it has not yet replayed (then twice as long each time). */
const FIRST_CATCH_UP_CHECK_MS = 10;

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
 *
 * A change visitors must see at once (`changed`: it emptied their cache) makes it unread until a check
 * begun after it finds it replayed, whatever the lag bound: else the page rendered again for the next
 * visitor could come from a replica a few milliseconds behind, and be kept as it was before the change.
 */
export function watchReplica(pool: pg.Pool, { maxLagMs, primary }: ReplicaOptions) {
  let usable = false;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  /** Bumped by each change: a check begun before one says nothing about it. */
  let changes = 0;
  /**
   * Since a change, the primary's WAL position read by the first check begun after it (so it covers the
   * change): the replica is read again once it has replayed that far, whatever the lag bound. Not the
   * position now: on a busy primary that keeps moving, and a replica a millisecond behind would never reach it.
   */
  let catchUpTo: string | null = null;
  let catchingUp = false;
  let again: NodeJS.Timeout | undefined;
  let againInMs = FIRST_CATCH_UP_CHECK_MS;
  /** One check at a time; a change during one asks for one more after it (a burst of changes, two checks). */
  let inFlight: Promise<void> | null = null;
  let checkAgain = false;

  async function check() {
    const seen = changes;
    try {
      // Where the primary has inserted WAL to, not where it has written it out to (pg_current_wal_lsn): with
      // synchronous_commit off a commit returns before its record is written, and a replica stopped just
      // short of it would look caught up with the change.
      const { rows: p } = await primary.query<{ lsn: string }>("select pg_current_wal_insert_lsn()::text as lsn");
      if (catchingUp && catchUpTo === null && seen === changes) catchUpTo = p[0]?.lsn ?? null;
      const { rows } = await pool.query<{ standby: boolean; caught_up: boolean | null; lag_ms: number | null }>(
        `select pg_is_in_recovery() as standby,
                pg_last_wal_replay_lsn() >= $1::pg_lsn as caught_up,
                (extract(epoch from now() - pg_last_xact_replay_timestamp()) * 1000)::float8 as lag_ms`,
        [catchingUp && catchUpTo !== null ? catchUpTo : p[0]?.lsn],
      );
      const r = rows[0];
      if (seen !== changes) return;
      if (r?.caught_up) catchingUp = false;
      usable = Boolean(r?.standby && (r.caught_up || (!catchingUp && r.lag_ms !== null && r.lag_ms <= maxLagMs)));
    } catch {
      if (seen === changes) usable = false;
    }
    // Caught up within milliseconds of a change, most often: look again soon, then less and less often
    // (a replica paused or far behind is not asked a hundred times a second).
    if (catchingUp && !closed && seen === changes) {
      clearTimeout(again);
      again = setTimeout(checkNow, againInMs).unref();
      againInMs = Math.min(againInMs * 2, CHECK_EVERY_MS);
    }
  }

  function checkNow(): Promise<void> {
    if (inFlight) {
      checkAgain = true;
      return inFlight;
    }
    inFlight = check().finally(() => {
      inFlight = null;
      if (checkAgain && !closed) {
        checkAgain = false;
        void checkNow();
      }
    });
    return inFlight;
  }

  const loop = async () => {
    await checkNow();
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
    /** A change committed on the primary that visitors must see: not read until it has replayed it. */
    changed() {
      changes++;
      usable = false;
      catchingUp = true;
      catchUpTo = null;
      againInMs = FIRST_CATCH_UP_CHECK_MS;
      if (!closed) void checkNow();
    },
    stop() {
      closed = true;
      clearTimeout(timer);
      clearTimeout(again);
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
