import { OAuth2Server } from "oauth2-mock-server";
import { GOOGLE_USER, OIDC_PORT } from "./oidc.ts";

/**
 * An OpenID provider on 127.0.0.1 that signs real tokens (RS256) and checks PKCE,
 * standing in for Google. Every sign-in returns GOOGLE_USER with a verified email, unless refused (below).
 */
const server = new OAuth2Server();
// Its pages on the origin the app is given (GOOGLE_DISCOVERY_URL), as Google's are: the server's CSP lets the
// Google button's form be redirected there and nowhere else. Left alone, the mock would call itself localhost,
// and a click landing before the page hydrates (a native form post, whose redirects CSP checks) was refused.
server.issuer.url = `http://127.0.0.1:${OIDC_PORT}`;
await server.issuer.keys.generate("RS256");
server.service.on("beforeTokenSigning", (token) => {
  token.payload.sub = "google-oauth2|gina";
  token.payload.email = GOOGLE_USER.email;
  token.payload.email_verified = true;
  token.payload.name = GOOGLE_USER.name;
});
server.service.on("beforeUserinfo", (userInfoResponse) => {
  userInfoResponse.body = {
    sub: "google-oauth2|gina",
    email: GOOGLE_USER.email,
    email_verified: true,
    name: GOOGLE_USER.name,
  };
});
// A browser holding the cookie oidc_refuse=1 for this provider's host is sent back refused
// (error=access_denied, no code), as Google sends back a person who cancels.
server.service.on("beforeAuthorizeRedirect", ({ url }, req) => {
  if (!/(?:^|;\s*)oidc_refuse=1(?:;|$)/.test(req.headers.cookie ?? "")) return;
  url.searchParams.delete("code");
  url.searchParams.set("error", "access_denied");
});
await server.start(OIDC_PORT, "127.0.0.1");
console.log(`OIDC mock listening on ${server.issuer.url}`);
