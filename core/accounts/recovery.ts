import { APIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";
import { AppError } from "../errors.ts";
import type { Auth } from "./auth.ts";
import { call } from "./auth-errors.ts";

/*
 * Forgot password, the reset link and email verification, for the pages. The rules (limits, the sign-up
 * password rules, one use, one hour, ending the other sessions, the same answer for unknown emails) live
 * in better-auth's endpoints and our hooks in auth.ts, so the API under /api/auth keeps them too. Whether a
 * reset link still works: emailed-links.ts.
 */

/** Writes a reset link to the outbox when the account exists; the answer and its time are the same either way. */
export async function requestPasswordReset(auth: Auth, email: string, headers: Headers): Promise<void> {
  await call(() => auth.api.requestPasswordReset({ body: { email }, headers }));
}

const INVALID_TOKEN = "Invalid token";

/**
 * Sets the new password, ends every session of the account and signs this browser in (its cookie) — or, with
 * two-factor on, starts the sign-in's second step (`codeNext`: its challenge cookie): the link proves the address,
 * not the second factor.
 */
export async function resetPassword(
  auth: Auth,
  input: { token: string; newPassword: string },
  headers: Headers,
): Promise<{ ok: true; headers: Headers; codeNext: boolean } | { ok: false }> {
  try {
    const result = await call(() => auth.api.resetPassword({ body: input, headers, returnHeaders: true }));
    // The hook in auth.ts adds it to the plugin's answer, which better-auth's type does not know.
    const codeNext = (result.response as { twoFactorRedirect?: boolean }).twoFactorRedirect === true;
    return { ok: true, headers: result.headers, codeNext };
  } catch (error) {
    if (error instanceof AppError && error.message === INVALID_TOKEN) return { ok: false };
    throw error;
  }
}

/** Follows a verification link: whether the address is (now) verified. */
export async function verifyEmail(auth: Auth, token: string): Promise<boolean> {
  try {
    await auth.api.verifyEmail({ query: { token } });
    return true;
  } catch (error) {
    if (error instanceof APIError) return false;
    throw error;
  }
}

/** "Send the email again" for the signed-in account (limited; nothing when already verified). */
export async function resendVerification(db: Db, auth: Auth, email: string, headers: Headers): Promise<void> {
  if (await isVerified(db, email)) return;
  await call(() => auth.api.sendVerificationEmail({ body: { email }, headers }));
}

async function isVerified(db: Db, email: string) {
  const [row] = await db
    .select({ emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.email, email.toLowerCase()));
  return row?.emailVerified ?? false;
}
