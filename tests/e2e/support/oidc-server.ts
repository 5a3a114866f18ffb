import { OAuth2Server } from "oauth2-mock-server";
import { GOOGLE_USER, OIDC_PORT } from "./oidc.ts";

/**
 * An OpenID provider on 127.0.0.1 that signs real tokens (RS256) and checks PKCE,
 * standing in for Google. Every sign-in returns GOOGLE_USER with a verified email, unless the browser names
 * another Google account (below) or is refused (further below).
 */
const server = new OAuth2Server();
// Its pages on the origin the app is given (GOOGLE_DISCOVERY_URL), as Google's are: the server's CSP lets the
// Google button's form be redirected there and nowhere else. Left alone, the mock would call itself localhost,
// and a click landing before the page hydrates (a native form post, whose redirects CSP checks) was refused.
server.issuer.url = `http://127.0.0.1:${OIDC_PORT}`;
await server.issuer.keys.generate("RS256");
/**
 * A browser holding the cookie oidc_as=<address> for this provider's host signs in as that Google account (its
 * own `sub`, named after the address): the code Google hands out remembers whom it is for, and the token the
 * app fetches with it (server to server, no browser cookie) says so.
 */
const chosen = new Map<string, string>();
const googleUserOf = (email: string | undefined) =>
  email && email !== GOOGLE_USER.email
    ? { sub: `google-oauth2|${email}`, email, name: "Google Person" }
    : { sub: "google-oauth2|gina", ...GOOGLE_USER };

server.service.on("beforeTokenSigning", (token, req) => {
  const code = (req as { body?: { code?: string } }).body?.code;
  // Both tokens the code buys (access and id) are signed here: the choice stays for the run.
  const who = googleUserOf(code ? chosen.get(code) : undefined);
  token.payload.sub = who.sub;
  token.payload.email = who.email;
  token.payload.email_verified = true;
  token.payload.name = who.name;
});
server.service.on("beforeUserinfo", (userInfoResponse, req) => {
  // The access token says whom it was signed for (above).
  const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
  const claims = token ? JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString()) : {};
  const who = googleUserOf(typeof claims.email === "string" ? claims.email : undefined);
  userInfoResponse.body = { sub: who.sub, email: who.email, email_verified: true, name: who.name };
});
// A browser holding the cookie oidc_refuse=1 for this provider's host is sent back refused
// (error=access_denied, no code), as Google sends back a person who cancels.
server.service.on("beforeAuthorizeRedirect", ({ url }, req) => {
  const as = /(?:^|;\s*)oidc_as=([^;]+)/.exec(req.headers.cookie ?? "")?.[1];
  const code = url.searchParams.get("code");
  if (as && code) chosen.set(code, decodeURIComponent(as));
  if (!/(?:^|;\s*)oidc_refuse=1(?:;|$)/.test(req.headers.cookie ?? "")) return;
  url.searchParams.delete("code");
  url.searchParams.set("error", "access_denied");
});
await server.start(OIDC_PORT, "127.0.0.1");
console.log(`OIDC mock listening on ${server.issuer.url}`);
