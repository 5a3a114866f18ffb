import { and, eq, like } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { verifications } from "../../db/schema/index.ts";

/**
 * Browsers trusted at the sign-in's second step ("Don't ask for a code on this browser for 30 days"): better-auth's
 * two-factor plugin keeps each as a `verifications` row, identifier `trust-device-<random>`, value the account's
 * id, named by a signed cookie in that browser. The plugin forgets only the browser that turns two-factor off; a
 * password reset, a password change or two-factor turned off forgets them all (auth.ts), and so does "Sign out
 * everywhere else" (sessions.ts): a browser someone else was trusted on asks for the code again, and turning
 * two-factor on again later trusts nobody from before.
 */
const TRUSTED_BROWSER = "trust-device-";

export async function forgetTrustedBrowsers(q: Db | Tx, userId: string): Promise<void> {
  await q
    .delete(verifications)
    .where(and(eq(verifications.value, userId), like(verifications.identifier, `${TRUSTED_BROWSER}%`)));
}
