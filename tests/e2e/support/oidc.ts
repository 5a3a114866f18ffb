/** The local stand-in for Google's OpenID provider in the browser tests. */
export const OIDC_PORT = 3299;
/** The Google account every mock sign-in returns. */
export const GOOGLE_USER = { email: "gina.google@relaptop.test", name: "Gina Google" };
