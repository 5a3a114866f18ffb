import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Database } from "../db/client.ts";

/**
 * What an operator watches, in Prometheus' format (prom-client), one registry per process (added up over
 * the machine's processes by server/cluster-metrics.ts): requests by
 * route and status with their latency, the database pool, the visitors' cache, the job queue, payments by
 * outcome, and Node's own (CPU, memory, event loop). Served at /metrics behind METRICS_TOKEN (server/app.ts).
 */
export function createMetrics(database: Database) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "relaptop_" });

  const requests = new Histogram({
    name: "relaptop_http_request_duration_seconds",
    help: "Time to answer a request, by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const counter = <Label extends string>(name: string, help: string, labelNames: readonly Label[]) =>
    new Counter({ name, help, labelNames, registers: [registry] });
  const cache = counter(
    "relaptop_public_cache_lookups_total",
    "Micro-cache lookups (visitors' reads, signed-in list pages), by result (hit or miss)",
    ["result"],
  );
  const payments = counter(
    "relaptop_payments_total",
    "Payment and refund attempts, by operation and outcome (paid, refunded, or the refusal's code)",
    ["operation", "outcome"],
  );
  const jobFailures = counter("relaptop_job_failures_total", "Jobs that failed a try, by queue", ["queue"]);
  new Gauge({
    name: "relaptop_db_pool_connections",
    help: "PostgreSQL pool connections, by state (total, idle, waiting clients)",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const p = database.pool;
      if (!p) return; // the embedded database has one in-process session, no pool
      this.set({ state: "total" }, p.totalCount);
      this.set({ state: "idle" }, p.idleCount);
      this.set({ state: "waiting" }, p.waitingCount);
    },
  });
  let queueDepth: () => Promise<{ queue: string; ready: number; active: number; deferred: number }[]> = async () => [];
  new Gauge({
    name: "relaptop_job_queue_jobs",
    help: "Jobs in the queue, by queue and state (ready to run, running, waiting for a retry)",
    labelNames: ["queue", "state"] as const,
    registers: [registry],
    // Every process reads the same queue: across a cluster's processes the depth is theirs, not their sum.
    aggregator: "max",
    async collect() {
      for (const q of await queueDepth().catch(() => [])) {
        this.set({ queue: q.queue, state: "ready" }, q.ready);
        this.set({ queue: q.queue, state: "active" }, q.active);
        this.set({ queue: q.queue, state: "deferred" }, q.deferred);
      }
    },
  });

  let passwordHashes: { computing: number; waiting: number } = { computing: 0, waiting: 0 };
  new Gauge({
    name: "relaptop_password_hashes",
    help: "Password hashes being computed and waiting their turn (PASSWORD_HASHES_AT_ONCE): sign-ins and sign-ups queueing",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      this.set({ state: "computing" }, passwordHashes.computing);
      this.set({ state: "waiting" }, passwordHashes.waiting);
    },
  });
  let requestLine: { serving: number; waiting: number } = { serving: 0, waiting: 0 };
  new Gauge({
    name: "relaptop_requests_in_line",
    help: "Requests being worked on and waiting their turn (REQUESTS_AT_ONCE): a line that grows is a process past its capacity",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      this.set({ state: "serving" }, requestLine.serving);
      this.set({ state: "waiting" }, requestLine.waiting);
    },
  });

  return {
    registry,
    requests,
    cache,
    payments,
    jobFailures,
    /** Whose password hashes are counted (core/accounts/password-hashing.ts, once auth exists). */
    measurePasswordHashesOf(hashing: typeof passwordHashes) {
      passwordHashes = hashing;
    },
    /** Whose line of requests is counted (server/http/request-line.ts), when the process has one. */
    measureRequestLineOf(line: typeof requestLine) {
      requestLine = line;
    },
    /** Where the queue's depth comes from (the job queue, once it exists). */
    measureQueueWith(depth: typeof queueDepth) {
      queueDepth = depth;
    },
    /** Counts a money operation's outcome: resolved is its success, an AppError its code. */
    async countPayment<T>(operation: "pay" | "refund", outcome: (result: T) => string | null, work: () => Promise<T>) {
      try {
        const result = await work();
        const name = outcome(result);
        if (name) payments.inc({ operation, outcome: name });
        return result;
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        payments.inc({ operation, outcome: typeof code === "string" ? code.toLowerCase() : "error" });
        throw error;
      }
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
