import type { FastifyReply, FastifyRequest } from "fastify";

/** The addresses a newcomer may open for this machine, besides `localhost`. */
const LOCAL_HOSTS = new Set(["127.0.0.1", "[::1]", "0.0.0.0"]);

/** Machines' endpoints: a health check or a scraper on 127.0.0.1 wants the answer, not a redirect. */
const MACHINE_PATHS = new Set(["/healthz", "/metrics"]);

/**
 * While PUBLIC_URL is not set, the site's address is http://localhost:PORT, and sign-in and every form work
 * there only (the cross-site check compares a form's origin with it). The log names Fastify's addresses, so a
 * newcomer may open http://127.0.0.1:3000 instead: a page read there is sent to the same path on localhost,
 * where everything works. A form posted there is not redirected (its body would be lost): it is refused with
 * the page that says where to go (server/http/origin-check.ts).
 */
export function sendLocalAddressesToLocalhost(publicUrl: string, port: number) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== "GET" && request.method !== "HEAD") return;
    if (!LOCAL_HOSTS.has(request.hostname) || request.port !== port) return;
    if (MACHINE_PATHS.has(request.url.split("?")[0] ?? "")) return;
    return reply.redirect(`${publicUrl}${request.url}`, 307);
  };
}
