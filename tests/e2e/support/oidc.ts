/** The local stand-in for Google's OpenID provider in the browser tests. */
/** E2E_PORT moves the whole browser-test setup (app and this provider), so two runs can share a machine. */
export const OIDC_PORT = Number(process.env.E2E_PORT ?? 3210) + 89;
/** The Google account every mock sign-in returns. */
export const GOOGLE_USER = { email: "gina.google@relaptop.test", name: "Gina Google" };
/** What points a server at this provider instead of Google (the shared server's and a spec's own). */
export const GOOGLE_ENV = {
  GOOGLE_DISCOVERY_URL: `http://127.0.0.1:${OIDC_PORT}/.well-known/openid-configuration`,
  GOOGLE_CLIENT_ID: "relaptop-e2e",
  GOOGLE_CLIENT_SECRET: "relaptop-e2e-secret",
};
