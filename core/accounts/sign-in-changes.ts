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
