import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { accounts } from "../../db/schema/index.ts";
import {
  type AccountDeletionInput,
  FRESH_SIGN_IN_MINUTES,
  DELETE_ACCOUNT_MESSAGES as M,
  type SessionUser,
} from "../../schemas/accounts.ts";
import { AppError } from "../errors.ts";
import type { Auth } from "./auth.ts";
import { call } from "./auth-errors.ts";
import type { Counter } from "./counters.ts";
import { deleteAccount } from "./delete-account.ts";
import { signOut } from "./sign-in.ts";

/** Wrong passwords "Delete my account" and "Change email" take per account before they wait (the counter's window). */
export const DELETION_GUESSES = { limit: 5, windowMs: 15 * 60_000 };

/** What proving it is you says when it refuses (each operation in its own words). */
export interface IdentityMessages {
  passwordRequired: string;
  wrongPassword: string;
  tooManyGuesses: string;
  signInAgain: string;
}

/**
 * An operation a session alone is not enough for (a borrowed laptop, a stolen cookie): "Delete my account",
 * "Change email". An account with a password types it (wrong ones counted per account: a borrowed session
 * cannot guess it); one without (Google) must have signed in within FRESH_SIGN_IN_MINUTES, which its
 * session's creation time says.
 */
export async function proveIdentity(
  db: Db,
  auth: Auth,
  wrongPasswords: Counter,
  actor: SessionUser,
  password: string | undefined,
  headers: Headers,
  messages: IdentityMessages,
): Promise<void> {
  const [credential] = await db
    .select({ hash: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, actor.id), eq(accounts.providerId, "credential")));
  if (credential?.hash) {
    if (!password) {
      throw new AppError("VALIDATION_FAILED", messages.passwordRequired, { password: messages.passwordRequired });
    }
    const tried = await wrongPasswords.get(actor.id);
    if (tried.count >= DELETION_GUESSES.limit) {
      throw new AppError("TOO_MANY_REQUESTS", messages.tooManyGuesses, undefined, tried.msLeft);
    }
    const context = await auth.$context;
    // Through call(): a full line of password hashes (503) is refused in our words, not as a 500.
    const hash = credential.hash;
    const right = await call(() => context.password.verify({ hash, password }));
    if (!right) {
      await wrongPasswords.add(actor.id);
      throw new AppError("VALIDATION_FAILED", messages.wrongPassword, { password: messages.wrongPassword });
    }
  } else {
    const session = await auth.api.getSession({ headers });
    if (!session || session.user.id !== actor.id) throw new AppError("UNAUTHENTICATED", "Please log in first.");
    const age = Date.now() - new Date(session.session.createdAt).getTime();
    if (age > FRESH_SIGN_IN_MINUTES * 60_000) throw new AppError("FORBIDDEN", messages.signInAgain);
  }
}

/**
 * "Delete my account" on the profile: proving it is you (above), then the one path every deletion takes,
 * and the session cookie is cleared (the answer's headers carry it).
 */
export async function deleteOwnAccount(
  db: Db,
  auth: Auth,
  /** Wrong passwords per account (DELETION_GUESSES): a borrowed session cannot guess the password here. */
  wrongPasswords: Counter,
  actor: SessionUser,
  input: AccountDeletionInput,
  headers: Headers,
): Promise<{ deleted: boolean; headers: Headers }> {
  await proveIdentity(db, auth, wrongPasswords, actor, input.password, headers, M);
  const { deleted } = await deleteAccount(db, actor, actor.id, "profile");
  // The sessions are gone with the account; this takes the dead cookie out of the browser too.
  const { headers: cookies } = await signOut(auth, headers);
  return { deleted, headers: cookies };
}
