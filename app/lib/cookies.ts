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
