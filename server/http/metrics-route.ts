import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { metricsOf } from "../cluster-metrics.ts";
import type { Metrics } from "../metrics.ts";

/** Compared in constant time, as bytes (a string's length in characters is not its length in bytes). */
function sameToken(given: string, token: string) {
  const [a, b] = [Buffer.from(given), Buffer.from(token)];
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The token of `Authorization: Bearer <token>`: the scheme is required and, as HTTP's auth schemes are,
 * matched without regard to case ("bearer" too); a bare token is no credential.
 */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer +(\S+) *$/i.exec(header ?? "");
  return match?.[1] ?? null;
}

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
    const given = bearerToken(request.headers.authorization);
    if (given === null || !sameToken(given, token)) {
      return reply
        .status(401)
        .header("www-authenticate", "Bearer")
        .send({ code: "UNAUTHORIZED", message: "A metrics token is required." });
    }
    return reply.header("content-type", metrics.registry.contentType).send(await read());
  });
}
