import { isAPIError } from "better-auth/api";
import type { Auth } from "./auth.ts";
import { call } from "./auth-errors.ts";
import type { CodeNeeded, SignedIn } from "./sign-in.ts";

/**
 * "Email me a sign-in link": writes the link to the outbox when a confirmed account has this address; the
 * answer and its time are the same either way (auth.ts). Limited per address and per email (429).
 */
export async function requestSignInLink(auth: Auth, email: string, headers: Headers): Promise<void> {
  await call(() => auth.api.signInMagicLink({ body: { email }, headers }));
}

/**
 * Signs in with an emailed link's token (once, within its time; the browser becomes a known device of the
 * account); null when the link was used, has expired or was never ours. With two-factor on, the code is next.
 */
export async function signInWithLink(
  auth: Auth,
  token: string,
  headers: Headers,
): Promise<SignedIn | CodeNeeded | null> {
  const result = await call(() =>
    auth.api.magicLinkVerify({ query: { token }, headers, returnHeaders: true }).catch((error: unknown) => {
      // better-auth answers a bad token with a redirect to its error page (302), which we do not use.
      if (isAPIError(error) && error.statusCode === 302) return null;
      throw error;
    }),
  );
  if (!result) return null;
  if ("twoFactorRedirect" in result.response) return { headers: result.headers, codeNeeded: true };
  // Its reply is typed without our fields; the row has them.
  const { id, role } = result.response.user as typeof result.response.user & { role: string };
  return { headers: result.headers, user: { id, role } };
}
