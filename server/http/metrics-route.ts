import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { metricsOf } from "../cluster-metrics.ts";
import type { Metrics } from "../metrics.ts";

const sameToken = (given: string, token: string) =>
  given.length === token.length && timingSafeEqual(Buffer.from(given), Buffer.from(token));

/**
 * Every answer timed by route pattern (never the raw URL: one series per route, not per advert), and
 * GET /metrics for Prometheus — only with `Authorization: Bearer <METRICS_TOKEN>`; without a token set
 * it does not exist, so it is never public by accident. Under the supervisor (WEB_CONCURRENCY > 1) it
 * reports all of this machine's processes (server/cluster-metrics.ts).
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, token: string | undefined) {
  app.addHook("onResponse", async (request, reply) => {
    metrics.requests.observe(
      { method: request.method, route: request.routeOptions.url ?? "unmatched", status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  if (!token) return;
  const read = metricsOf(metrics.registry);
  app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
    const given = request.headers.authorization?.replace(/^Bearer /, "") ?? "";
    if (!sameToken(given, token)) {
      return reply
        .status(401)
        .header("www-authenticate", "Bearer")
        .send({ code: "UNAUTHORIZED", message: "A metrics token is required." });
    }
    return reply.header("content-type", metrics.registry.contentType).send(await read());
  });
}
