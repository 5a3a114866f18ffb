import type { FastifyReply, FastifyRequest } from "fastify";
import { REFUSED_FORM_PATH, type RefusedFormReason } from "../../schemas/refused-form.ts";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

const isApi = (request: FastifyRequest) => /^\/api(\/|\?|$)/.test(request.url);

/**
 * A page form the checks below refused: the browser is sent to a page in the site's layout that says what
 * happened and what to do, never a serialized error. A form posted without JavaScript follows a 303; React
 * Router's data request (`….data`) is told the same in its own way (204 with X-Remix-Redirect, which its client
 * follows as a redirect; reloading the document, as the page may be on another address).
 */
function refusePageForm(request: FastifyRequest, reply: FastifyReply, reason: RefusedFormReason) {
  const to = `${REFUSED_FORM_PATH}?reason=${reason}`;
  if ((request.url.split("?")[0] ?? "").endsWith(".data")) {
    return reply
      .status(204)
      .header("X-Remix-Redirect", to)
      .header("X-Remix-Status", "303")
      .header("X-Remix-Reload-Document", "true")
      .send();
  }
  return reply.redirect(to, 303);
}

/**
 * Cross-site request forgery guard for every state-changing request, pages and API:
 * a browser always names the page's origin, and it must be this site's — PUBLIC_URL's scheme, host and
 * port, not the Host header, which the client (or a proxy in front of us) chooses.
 * Clients that are not browsers send no Origin and carry no ambient cookie risk.
 * The API answers 403 with its error shape; a page form gets the page that explains (above).
 */
export function originCheck(publicUrl: string) {
  const site = new URL(publicUrl).origin;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (SAFE.has(request.method)) return;
    const origin = request.headers.origin;
    const crossSite = origin ? URL.parse(origin)?.origin !== site : request.headers["sec-fetch-site"] === "cross-site";
    if (crossSite) {
      if (isApi(request)) {
        return reply.status(403).send({ code: "FORBIDDEN", message: "Cross-site request refused." });
      }
      return refusePageForm(request, reply, "cross-site");
    }
    // The form comes from the site's address, but the request does not say it reached that address: a proxy
    // in front ended HTTPS or rewrote the Host, and is not trusted to say so (TRUST_PROXY). React Router compares
    // the two and would refuse every page form with a bare 400.
    if (origin && !isApi(request) && `${request.protocol}://${request.host}` !== site) {
      request.log.warn(
        { publicUrl: site, reached: `${request.protocol}://${request.host}` },
        "A page form reached this server as another address than PUBLIC_URL: set TRUST_PROXY to the proxy in front",
      );
      return refusePageForm(request, reply, "proxy");
    }
  };
}
