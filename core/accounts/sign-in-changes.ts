import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { accountEvents } from "../../db/schema/index.ts";
import { SIGN_IN_CHANGES, type SignInChange } from "../../schemas/sign-in-changes.ts";
import { notify } from "../notifications/index.ts";

/**
 * A change to how `userId` signs in: its entry in account_events and the owner's email, together. Our own
 * verbs (removing a passkey) call it in their transaction; for better-auth's endpoints (a password changed,
 * a passkey added, two-factor turned on or off) its after hook calls it once the plugin's write has committed
 * (auth.ts), as the plugin's writes are not in a transaction of ours.
 */
export async function recordSignInChange(tx: Db | Tx, userId: string, change: SignInChange): Promise<void> {
  const { action, summary } = SIGN_IN_CHANGES[change];
  await tx.insert(accountEvents).values({ userId, action, summary });
  await notify(tx, "account.signInChanged", { recipientId: userId, params: { change } });
}

const GOOGLE_CHANGES = [SIGN_IN_CHANGES.googleLinked.action, SIGN_IN_CHANGES.googleUnlinked.action];

/**
 * Whether the last thing the owner of `userId` did with a Google account was to unlink it: then Google's sign-in
 * may not join the account by its address again (auth.ts) — "it no longer signs you in" — until they link it
 * from the profile.
 */
export async function unlinkedGoogleLast(db: Db | Tx, userId: string): Promise<boolean> {
  const [last] = await db
    .select({ action: accountEvents.action })
    .from(accountEvents)
    .where(and(eq(accountEvents.userId, userId), inArray(accountEvents.action, GOOGLE_CHANGES)))
    .orderBy(desc(accountEvents.at))
    .limit(1);
  return last?.action === SIGN_IN_CHANGES.googleUnlinked.action;
}
