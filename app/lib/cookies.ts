/** Copies every Set-Cookie of a Headers object onto another. */
export function appendCookies(target: Headers, source: Headers) {
  for (const cookie of source.getSetCookie()) target.append("set-cookie", cookie);
  return target;
}

/** The value of the request's first cookie of that name (as sent: no decoding), if it has one. */
export function readCookie(request: Request, name: string): string | undefined {
  return cookieIn(request.headers.get("cookie") ?? "", name);
}

/** The value of the first cookie of that name in a Cookie header (as sent: no decoding), if there is one. */
export function cookieIn(header: string, name: string): string | undefined {
  const pair = header.split(/;\s*/).find((c) => c.startsWith(`${name}=`));
  return pair?.slice(name.length + 1);
}

/**
 * An action that renewed the session (its new cookie in `answer`) when the browser posted without JavaScript:
 * the page's loaders run next in this same request, on a request React Router copies from this one's headers,
 * so they are given the cookies the browser will send from now on (a cleared one, `Max-Age=0`, left out).
 */
export function carryCookies(request: Request, answer: Headers) {
  const jar = new Map(
    (request.headers.get("cookie") ?? "")
      .split(/;\s*/)
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)] as const),
  );
  for (const cookie of answer.getSetCookie()) {
    const [pair = "", ...attributes] = cookie.split(/;\s*/);
    const name = pair.slice(0, pair.indexOf("="));
    if (attributes.some((a) => /^max-age=0$/i.test(a))) jar.delete(name);
    else jar.set(name, pair.slice(name.length + 1));
  }
  request.headers.set("cookie", [...jar].map(([name, value]) => `${name}=${value}`).join("; "));
}
