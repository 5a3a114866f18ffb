import cluster, { type Worker } from "node:cluster";
import { answerClusterMetrics } from "./cluster-metrics.ts";

/** A worker that dies this soon after starting is failing to start (bad settings, no database): stop. */
const FAILING_START_MS = 10_000;

/**
 * WEB_CONCURRENCY > 1: this process only supervises. It starts the workers (each the whole app, sharing
 * the port through Node's cluster module), starts another when one dies, and on SIGTERM/SIGINT passes
 * the signal on — each worker drains as it would alone — and exits when they have. Nothing here holds
 * state: limits, caches, schedules and files are shared through PostgreSQL, Redis and S3, not through this
 * (it only adds up the workers' metrics for a scrape).
 */
export function superviseWorkers(count: number) {
  console.log(`Starting ${count} app processes (WEB_CONCURRENCY=${count}).`);
  answerClusterMetrics(); // a scrape of any worker reports them all
  const startedAt = new Map<Worker, number>();
  const fork = () => startedAt.set(cluster.fork(), Date.now());
  for (let i = 0; i < count; i++) fork();

  let stopping = false;
  cluster.on("exit", (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (stopping) {
      if (startedAt.size === 0) process.exit(0);
      return;
    }
    if (code !== 0 && signal === null && lived < FAILING_START_MS) {
      console.error(`An app process failed to start (exit code ${code}): stopping.`);
      stopping = true;
      for (const other of startedAt.keys()) other.process.kill("SIGTERM");
      process.exitCode = 1;
      if (startedAt.size === 0) process.exit(1);
      return;
    }
    console.error(`App process ${worker.process.pid} ended (${signal ?? `exit code ${code}`}); starting another.`);
    fork();
  });

  const stop = (signal: NodeJS.Signals) => {
    stopping = true;
    for (const worker of startedAt.keys()) worker.process.kill(signal);
  };
  process.once("SIGTERM", () => stop("SIGTERM"));
  process.once("SIGINT", () => stop("SIGINT"));
}
