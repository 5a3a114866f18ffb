import type { FastifyReply, FastifyRequest } from "fastify";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site request forgery guard for every state-changing request, pages and API:
 * a browser always names the page's origin, and it must be this site.
 * Clients that are not browsers send no Origin and carry no ambient cookie risk.
 */
export async function originCheck(request: FastifyRequest, reply: FastifyReply) {
  if (SAFE.has(request.method)) return;
  const origin = request.headers.origin;
  const crossSite = origin ? safeHost(origin) !== request.host : request.headers["sec-fetch-site"] === "cross-site";
  if (crossSite) {
    return reply.status(403).send({ code: "FORBIDDEN", message: "Cross-site request refused." });
  }
}

function safeHost(origin: string) {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}
