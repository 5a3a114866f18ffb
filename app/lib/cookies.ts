/** Copies every Set-Cookie of a Headers object onto another. */
export function appendCookies(target: Headers, source: Headers) {
  for (const cookie of source.getSetCookie()) target.append("set-cookie", cookie);
  return target;
}
