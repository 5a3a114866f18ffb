/**
 * Two workers under a supervisor, as server/workers.ts runs them, each with the app's metrics and its
 * /metrics route (server/http/metrics-route.ts) and a GET /hello answering its pid:
 * `node tests/support/metrics-cluster.ts <port> <token>`. Prints "ready" once both listen.
 */
import cluster from "node:cluster";
import Fastify from "fastify";
import type { Database } from "../../db/client.ts";
import { answerClusterMetrics } from "../../server/cluster-metrics.ts";
import { registerMetrics } from "../../server/http/metrics-route.ts";
import { createMetrics } from "../../server/metrics.ts";

const [port = "0", token = ""] = process.argv.slice(2);

if (cluster.isPrimary) {
  answerClusterMetrics();
  let listening = 0;
  for (let i = 0; i < 2; i++) {
    cluster.fork().on("listening", () => {
      if (++listening === 2) console.log("ready");
    });
  }
  process.once("SIGTERM", () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill();
    process.exit(0);
  });
} else {
  const app = Fastify();
  registerMetrics(app, createMetrics({ kind: "postgres" } as Database), token);
  app.get("/hello", async () => ({ pid: process.pid }));
  await app.listen({ port: Number(port), host: "127.0.0.1" });
}
