/** Copies every Set-Cookie of a Headers object onto another. */
export function appendCookies(target: Headers, source: Headers) {
  for (const cookie of source.getSetCookie()) target.append("set-cookie", cookie);
  return target;
}

/** The value of the request's first cookie of that name (as sent: no decoding), if it has one. */
export function readCookie(request: Request, name: string): string | undefined {
  const pair = (request.headers.get("cookie") ?? "").split(/;\s*/).find((c) => c.startsWith(`${name}=`));
  return pair?.slice(name.length + 1);
}
