import type { LoginInput } from "../../schemas/accounts.ts";
import { AppError } from "../errors.ts";
import { type Auth, GOOGLE_PROVIDER_ID } from "./auth.ts";
import { call } from "./auth-errors.ts";

/** Cookies to pass on to the browser after an auth step. */
export type AuthResult = { headers: Headers };
/** An auth step that signed someone in: its cookies, and who it is (for what the step carries, like a heart). */
export type SignedIn = AuthResult & { user: { id: string; role: string } };

/** A right password for an account with two-factor on: no session yet, a cookie naming the second step's challenge. */
export type CodeNeeded = AuthResult & { codeNeeded: true };

/**
 * Signs in with the email and password (better-auth, with our limits on guessing: auth.ts); an account with
 * two-factor on gets no session yet, but the second step (core/accounts/two-factor.ts: verifySignInCode).
 */
export async function signIn(auth: Auth, input: LoginInput, headers: Headers): Promise<SignedIn | CodeNeeded> {
  const result = await call(() => auth.api.signInEmail({ body: input, headers, returnHeaders: true }));
  if ("twoFactorRedirect" in result.response) return { headers: result.headers, codeNeeded: true };
  const { id, role } = result.response.user as { id: string; role: string };
  return { headers: result.headers, user: { id, role } };
}

export async function signOut(auth: Auth, headers: Headers): Promise<AuthResult> {
  const result = await call(() => auth.api.signOut({ headers, returnHeaders: true }));
  return { headers: result.headers };
}

/** Changes the password (the current one is checked) and ends the account's other sessions. */
export async function changePassword(
  auth: Auth,
  input: { currentPassword: string; newPassword: string },
  headers: Headers,
): Promise<AuthResult> {
  const result = await call(() =>
    auth.api.changePassword({ body: { ...input, revokeOtherSessions: true }, headers, returnHeaders: true }),
  );
  return { headers: result.headers };
}

/** Google's address to send the browser to; it comes back to `callbackURL`, or to `errorCallbackURL` (with `error=…`). */
export async function startGoogleSignIn(
  auth: Auth,
  callbackURL: string,
  headers: Headers,
  errorCallbackURL = "/login",
): Promise<AuthResult & { url: string }> {
  const result = await call(() =>
    auth.api.signInSocial({
      body: { provider: GOOGLE_PROVIDER_ID, callbackURL, errorCallbackURL },
      headers,
      returnHeaders: true,
    }),
  );
  if (!result.response.url) throw new AppError("CONFLICT", "Google sign-in is not available.");
  return { headers: result.headers, url: result.response.url };
}
