/**
 * A request that carries no identity — no cookie, no credentials — comes from a visitor: no session could
 * have just changed anything, so its answer is the same for every visitor. The visitors' caches and the
 * replica's catalogue reads are for such requests only (the signed-in list pages the micro-cache keeps are
 * keyed by the kind of reader a valid session names: server/http/public-cache.ts).
 */
export const anonymous = (header: (name: "cookie" | "authorization") => unknown) =>
  !header("cookie") && !header("authorization");
