/** The local stand-in for Google's OpenID provider in the browser tests. */
/** E2E_PORT moves the whole browser-test setup (app and this provider), so two runs can share a machine. */
export const OIDC_PORT = Number(process.env.E2E_PORT ?? 3210) + 89;
/** The Google account every mock sign-in returns. */
export const GOOGLE_USER = { email: "gina.google@relaptop.test", name: "Gina Google" };
