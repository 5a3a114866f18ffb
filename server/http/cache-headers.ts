import type { FastifyReply, FastifyRequest } from "fastify";
import { anonymous } from "../../core/accounts/index.ts";
import { readByVisitors } from "./public-cache.ts";
import { TEXT_WE_RENDER } from "./whole-bodies.ts";

/**
 * What the caches between us and a browser — a CDN, nginx's proxy_cache, the browser's own — may keep of
 * what we render (pages, React Router's page data, JSON; images and assets keep their own headers):
 *  - Anything personal — a request with a cookie or credentials, or any answer that sets a cookie — is
 *    `private, no-store`: it may hold someone's orders, name or account, so no shared cache keeps it, and
 *    the browser does not either (Back after booking asks again instead of showing "Book Now").
 *  - A visitor's page or public catalogue read (what the micro-cache keeps, server/http/public-cache.ts) is
 *    `public, max-age=0, s-maxage=S, stale-while-revalidate=S`, S being PUBLIC_CACHE_MS in seconds: a
 *    shared cache reuses it for as long as our own cache would, browsers ask again each time. `Vary:
 *    Cookie` stops a shared cache answering a signed-in request with a visitor's copy, and `Surrogate-Key`
 *    names what the answer shows, so a CDN can purge by key (docs/operations.md, "A cache in front").
 * With PUBLIC_CACHE_MS=0 visitors' answers are `no-cache`: always asked again, as our own cache is off.
 */
export function cacheHeaders(publicCacheMs: number) {
  const seconds = Math.ceil(publicCacheMs / 1000);
  const shared = seconds > 0 ? `public, max-age=0, s-maxage=${seconds}, stale-while-revalidate=${seconds}` : "no-cache";
  return async function setCacheHeaders(request: FastifyRequest, reply: FastifyReply) {
    // A cookie being set (a sign-in's redirect too) is never shared, whatever comes with it.
    if (reply.hasHeader("set-cookie")) {
      reply.header("cache-control", "private, no-store");
      return;
    }
    if (!TEXT_WE_RENDER.test(String(reply.getHeader("content-type") ?? ""))) return;
    if (!anonymous((name) => request.headers[name])) {
      reply.header("cache-control", "private, no-store");
    } else if (reply.statusCode === 200 && readByVisitors(request)) {
      reply.header("cache-control", shared);
      const vary = reply.getHeader("vary");
      reply.header("vary", vary ? `${vary}, Cookie` : "Cookie");
      reply.header("surrogate-key", surrogateKeys(request.url).join(" "));
    }
  };
}

/** Public pages and catalogue reads, and the keys of what each shows besides `catalogue` (all of them). */
const KEYED: [RegExp, (id: string) => string[]][] = [
  [/^\/(_root)?$/, () => ["brands", "adverts"]], // home: the brands and the latest laptops
  [/^\/allAdd$/, () => ["adverts"]],
  [/^\/laptops\/([^/]+)$/, (id) => [`advert-${id}`]],
  [/^\/sellers\/([^/]+)$/, (id) => [`seller-${id}`, "adverts"]],
  [/^\/api\/brands$/, () => ["brands"]],
  [/^\/api\/adverts(\/advertised)?$/, () => ["adverts"]],
  [/^\/api\/adverts\/([^/]+)$/, (id) => [`advert-${id}`]],
  [/^\/api\/sellers\/([^/]+)\/reviews$/, (id) => [`seller-${id}`]],
];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The purge keys of a visitor's answer: `catalogue` on every one (purge it and nothing stale is left —
 * what a change does to our own cache); `adverts` on every list of laptops (one posted, sold, withdrawn
 * or repriced), with `brand-<id>` when the list is one brand's; `brands` on lists of brands;
 * `advert-<id>` and `seller-<id>` on one laptop's or seller's own page and API answer. A laptop's page
 * shows its brand's and seller's names: a rename is purged with `catalogue`.
 */
export function surrogateKeys(url: string): string[] {
  const [pathname = "", query = ""] = url.split("?");
  // React Router's page data for /laptops/1 is /laptops/1.data (the home page's, /_root.data).
  const path = pathname.replace(/\.data$/, "");
  for (const [pattern, keys] of KEYED) {
    const match = pattern.exec(path);
    if (!match) continue;
    const found = keys(match[1] ?? "");
    const brand = new URLSearchParams(query).get("brand");
    if (found.includes("adverts") && brand && UUID.test(brand)) found.push(`brand-${brand}`);
    return ["catalogue", ...found];
  }
  return ["catalogue"];
}
