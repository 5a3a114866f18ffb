import type { FastifyReply, FastifyRequest } from "fastify";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site request forgery guard for every state-changing request, pages and API:
 * a browser always names the page's origin, and it must be this site's — PUBLIC_URL's scheme, host and
 * port, not the Host header, which the client (or a proxy in front of us) chooses.
 * Clients that are not browsers send no Origin and carry no ambient cookie risk.
 */
export function originCheck(publicUrl: string) {
  const site = new URL(publicUrl).origin;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (SAFE.has(request.method)) return;
    const origin = request.headers.origin;
    const crossSite = origin ? URL.parse(origin)?.origin !== site : request.headers["sec-fetch-site"] === "cross-site";
    if (crossSite) {
      return reply.status(403).send({ code: "FORBIDDEN", message: "Cross-site request refused." });
    }
  };
}
