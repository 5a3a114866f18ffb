import { sql } from "drizzle-orm";
import {
  fromDrizzle,
  fromPglite,
  type Job,
  type JobResult,
  type JobWithMetadata,
  PgBoss,
  type QueueOptions,
} from "pg-boss";
import type { Database, Tx } from "../../db/client.ts";

/** Jobs a worker takes at once. */
const BATCH_SIZE = 20;

/** A job's handler; `lastTry` when a failure now is final (no retry follows). */
export type JobHandler<T> = (data: T, job: { id: string; lastTry: boolean }) => Promise<void>;

interface Definition {
  handler: JobHandler<never>;
  options: QueueOptions;
  /** A cron expression: pg-boss creates one job per occurrence for the whole cluster. */
  cron?: string;
  /** Workers polling this queue in each process (each taking batches). */
  workers: number;
  /** Seconds after its jobs were queued that a batch may wait for this process to serve no request. */
  givesWaySeconds?: number;
}

export interface JobQueueOptions {
  /** Tests: retry at once instead of backing off, so a retry runs on the next `runDue`. */
  retryAtOnce?: boolean;
  onError?: (error: unknown) => void;
  /** A job's try failed (metrics count them). */
  onJobFailed?: (queue: string) => void;
  /**
   * Resolves at the first moment this process serves no request, at `deadline` (ms since the epoch), or
   * when `signal` aborts: what batches of queues defined with `givesWaySeconds` wait for (server/requests-in-hand.ts).
   */
  quiet?: (deadline: number, signal: AbortSignal) => Promise<void>;
}

/**
 * The job queue: pg-boss on the same database, in its own `pgboss` schema — on PostgreSQL through its
 * own small pool, on PGlite through its adapter on the one session (PGlite has one connection: workers
 * poll every few seconds, and no job runs inside a transaction). Jobs are defined before `start`.
 * Scheduled jobs run once per cluster, whichever process's worker takes them.
 */
export function createJobQueue(database: Database, options: JobQueueOptions = {}) {
  const definitions = new Map<string, Definition>();
  let boss: PgBoss | undefined;
  /** Aborted by `stop`: batches waiting to give way run at once, within the graceful stop. */
  let stopping = new AbortController();
  // One line per error: pg's errors carry their whole client, and an outage raises one per poll.
  const onError =
    options.onError ??
    ((error: unknown) => console.error("job queue:", error instanceof Error ? error.message : error));

  function started(): PgBoss {
    if (!boss) throw new Error("the job queue is not started");
    return boss;
  }

  async function run(name: string, job: Job<unknown> | JobWithMetadata<unknown>) {
    const definition = definitions.get(name);
    if (!definition) throw new Error(`no job named ${name}`);
    const meta = job as Partial<JobWithMetadata<unknown>>;
    const lastTry = (meta.retryCount ?? 0) >= (meta.retryLimit ?? 0);
    await definition.handler(job.data as never, { id: job.id, lastTry });
  }

  return {
    /**
     * Defines a job before `start` (a queue with its retry policy, and optionally a schedule). With
     * `givesWaySeconds`, work that can wait (sending emails) gives way to the requests this process serves:
     * a batch runs at the first moment none is in hand, or once its oldest job has waited that long.
     */
    define<T>(
      name: string,
      handler: JobHandler<T>,
      queue: QueueOptions & { cron?: string; workers?: number; givesWaySeconds?: number } = {},
    ) {
      if (boss) throw new Error("define jobs before starting the queue");
      const { cron, workers = 1, givesWaySeconds, ...rest } = queue;
      const { retryDelayMax: _max, ...atOnce } = rest;
      const queueOptions = options.retryAtOnce ? { ...atOnce, retryDelay: 0, retryBackoff: false } : rest;
      definitions.set(name, {
        handler: handler as JobHandler<never>,
        options: queueOptions,
        cron,
        workers,
        givesWaySeconds,
      });
    },

    /**
     * Installs or upgrades pg-boss's schema, creates the queues and schedules, and — with `work` (the
     * server) — starts polling workers. Tests and drills leave `work` off and call `runDue`.
     */
    async start({ work = false, pollingSeconds = 2 }: { work?: boolean; pollingSeconds?: number } = {}) {
      if (boss) return;
      stopping = new AbortController();
      const b =
        database.kind === "pglite" && database.pglite
          ? new PgBoss({
              db: fromPglite(database.pglite),
              backend: "pglite",
              // One session for everything: pg-boss's housekeeping every few minutes, not seconds.
              superviseIntervalSeconds: 120,
              monitorIntervalSeconds: 120,
            })
          : new PgBoss({ connectionString: database.url, max: 3, application_name: "relaptop-jobs" });
      b.on("error", onError);
      await b.start();
      for (const [name, definition] of definitions) {
        await b.createQueue(name, definition.options);
        await b.updateQueue(name, definition.options);
        if (definition.cron) await b.schedule(name, definition.cron, null, { tz: "UTC" });
      }
      // A schedule nothing defines any more (a job removed or renamed, or turned off: MEDIA_SWEEP_DAYS=0) would
      // queue jobs that no worker takes, to run all at once if it came back.
      for (const { name } of await b.getSchedules()) {
        if (!definitions.get(name)?.cron) await b.unschedule(name);
      }
      if (work) {
        for (const [name, definition] of definitions) {
          // Batches of up to 20, fetched again at once while they come back full (a burst of ten
          // thousand notices drains in seconds, not one job per poll); each job is settled on its own.
          await b.work(
            name,
            {
              localConcurrency: definition.workers,
              pollingIntervalSeconds: pollingSeconds,
              includeMetadata: true,
              batchSize: BATCH_SIZE,
              burstWhenBatchFull: true,
              perJobResults: true,
            },
            // A batch's jobs run side by side (each is independent: an email delivery claims its own
            // row), so a batch takes as long as its slowest job, not the sum of them.
            async (jobs) => {
              const { givesWaySeconds } = definition;
              if (givesWaySeconds && options.quiet && jobs.length > 0) {
                // The database's clock says when they were queued: one ahead of ours cannot stretch the wait.
                const queuedAt = Math.min(Date.now(), ...jobs.map((job) => job.createdOn.getTime()));
                await options.quiet(queuedAt + givesWaySeconds * 1000, stopping.signal);
              }
              return Promise.all(
                jobs.map(async (job): Promise<JobResult> => {
                  try {
                    await run(name, job);
                    return { id: job.id, status: "completed" };
                  } catch (error) {
                    options.onJobFailed?.(name);
                    const message = error instanceof Error ? error.message : String(error);
                    // One line per failed try: what failed stays findable after a later try succeeds.
                    console.error(`job ${name} ${job.id} failed (try ${(job.retryCount ?? 0) + 1}): ${message}`);
                    return { id: job.id, status: "failed", output: { message } };
                  }
                }),
              );
            },
          );
        }
      }
      boss = b;
    },

    /** How many jobs each queue holds: ready to run, running, and waiting for a later try (metrics). */
    async depth() {
      const b = started();
      const queues = await Promise.all([...definitions.keys()].map((name) => b.getQueue(name)));
      return queues.flatMap((q) =>
        q ? [{ queue: q.name, ready: q.readyCount, active: q.activeCount, deferred: q.deferredCount }] : [],
      );
    },

    /** Waits for the jobs in hand to finish (up to `timeoutMs`), then stops polling and closes. */
    async stop(timeoutMs = 10_000) {
      const b = boss;
      boss = undefined;
      stopping.abort();
      await b?.stop({ graceful: true, timeout: timeoutMs, close: true });
    },

    /** Whether jobs can be queued now (seeding runs before the queue starts). */
    isStarted: () => boss !== undefined,

    async send(name: string, data: object, sendOptions: { singletonKey?: string } = {}) {
      return started().send(name, data, sendOptions);
    },

    /** Queues jobs inside the caller's transaction: they exist if, and only if, it commits. */
    async sendInTransaction(tx: Tx, name: string, jobs: object[]) {
      if (jobs.length === 0) return;
      await started().insert(
        name,
        jobs.map((data) => ({ data })),
        // pg-boss's adapter types `execute` more narrowly than drizzle's generic transaction does.
        { db: fromDrizzle(tx as unknown as Parameters<typeof fromDrizzle>[0], sql) },
      );
    },

    /**
     * Runs every job of these queues that is due now, once each, in this process (tests and drills:
     * no waiting for a poll). A failed job is retried by pg-boss as usual. Returns how many ran.
     */
    async runDue(names: string[] = [...definitions.keys()]): Promise<number> {
      const b = started();
      let ran = 0;
      for (const name of names) {
        const jobs = await b.fetch<unknown>(name, { batchSize: 100, includeMetadata: true });
        for (const job of jobs) {
          ran++;
          try {
            await run(name, job);
            await b.complete(name, job.id);
          } catch (error) {
            await b.fail(name, job.id, { message: error instanceof Error ? error.message : String(error) });
          }
        }
      }
      return ran;
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
