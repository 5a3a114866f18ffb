import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { accounts } from "../../db/schema/index.ts";
import { SIGN_IN_WAYS_MESSAGES as M, type SessionUser, type SignInWays } from "../../schemas/accounts.ts";
import { AppError, isAppError } from "../errors.ts";
import { type Auth, GOOGLE_PROVIDER_ID } from "./auth.ts";
import { call } from "./auth-errors.ts";
import type { Counter } from "./counters.ts";
import { proveIdentity } from "./delete-own-account.ts";
import { recordSignInChange } from "./sign-in-changes.ts";

/*
 * How an account signs in besides passkeys: a password, a Google account, or both. An account Google made has no
 * password until its owner sets one; a Google account can be linked to a password account, and unlinked while
 * the password remains. Each change is told to the owner and kept (sign-in-changes.ts).
 */

export async function signInWays(db: Db, userId: string): Promise<SignInWays> {
  const rows = await db
    .select({ providerId: accounts.providerId, password: accounts.password })
    .from(accounts)
    .where(eq(accounts.userId, userId));
  return {
    password: rows.some((row) => row.providerId === "credential" && Boolean(row.password)),
    google: rows.some((row) => row.providerId === GOOGLE_PROVIDER_ID),
  };
}

/**
 * "Set a password" for an account that has none (Google made it). A session alone is not enough — a stolen one
 * would keep the account for good — so it must be a recent sign-in, as for deleting the account. better-auth
 * writes the password; then the owner is told.
 */
export async function setPassword(
  db: Db,
  auth: Auth,
  wrongPasswords: Counter,
  actor: SessionUser,
  newPassword: string,
  headers: Headers,
): Promise<void> {
  if ((await signInWays(db, actor.id)).password) throw new AppError("CONFLICT", M.passwordAlreadySet);
  await proveIdentity(db, auth, wrongPasswords, actor, undefined, headers, {
    ...M,
    signInAgain: M.signInAgainToSetPassword,
  });
  try {
    await call(() => auth.api.setPassword({ body: { newPassword }, headers }));
  } catch (error) {
    // Set at the same moment by another request (better-auth then refuses, or the second row breaks
    // accounts_provider_account_idx): one password, the first one.
    if ((isUniqueViolation(error) || isAppError(error)) && (await signInWays(db, actor.id)).password) {
      throw new AppError("CONFLICT", M.passwordAlreadySet);
    }
    throw error;
  }
  // better-auth's write is its own (not in a transaction of ours): told once it has committed, as auth.ts's after
  // hook does for its endpoints (a server-only one like this is not among them).
  await db.transaction((tx) => recordSignInChange(tx, actor.id, "passwordSet"));
}

/**
 * "Link a Google account": Google's page to send the browser to, and the cookie that carries the attempt. Google
 * comes back to better-auth's callback, which links it when its address is this account's (better-auth's rule:
 * a Google account of another address would be a second way into this one that its owner's address never saw),
 * then sends the browser to `callbackURL`, or to `errorCallbackURL` with `error=…`. The link is recorded by the
 * account hook in auth.ts.
 */
export async function startGoogleLink(
  auth: Auth,
  headers: Headers,
  callbackURL: string,
  errorCallbackURL: string,
): Promise<{ url: string; headers: Headers }> {
  const result = await call(() =>
    auth.api.linkSocialAccount({
      body: { provider: GOOGLE_PROVIDER_ID, callbackURL, errorCallbackURL, disableRedirect: true },
      headers,
      returnHeaders: true,
    }),
  );
  if (!result.response.url) throw new AppError("CONFLICT", M.linkFailed);
  return { url: result.response.url, headers: result.headers };
}

/**
 * "Unlink Google", proved with the password (wrong ones counted, as for deleting the account). Refused while Google
 * is the only way in: an account without a password sets one first. The link goes and the change is told in one
 * transaction; of two unlinks at once, one does it.
 */
export async function unlinkGoogle(
  db: Db,
  auth: Auth,
  wrongPasswords: Counter,
  actor: SessionUser,
  password: string,
  headers: Headers,
): Promise<void> {
  const ways = await signInWays(db, actor.id);
  if (!ways.google) throw new AppError("NOT_FOUND", M.googleNotLinked);
  if (!ways.password) throw new AppError("CONFLICT", M.googleOnlyWayIn);
  await proveIdentity(db, auth, wrongPasswords, actor, password, headers, M);
  const unlinked = await db.transaction(async (tx) => {
    const gone = await tx
      .delete(accounts)
      .where(and(eq(accounts.userId, actor.id), eq(accounts.providerId, GOOGLE_PROVIDER_ID)))
      .returning({ id: accounts.id });
    if (gone.length > 0) await recordSignInChange(tx, actor.id, "googleUnlinked");
    return gone.length > 0;
  });
  if (!unlinked) throw new AppError("NOT_FOUND", M.googleNotLinked);
}
