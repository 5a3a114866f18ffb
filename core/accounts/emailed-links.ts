import { createHash } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { verifications } from "../../db/schema/index.ts";

/**
 * Whether an emailed link can still be used (not used yet, not expired), so its page says so at once: a row
 * of better-auth's `verifications`, named by the link's kind and token.
 */
async function linkWorks(db: Db, identifier: string): Promise<boolean> {
  const [row] = await db
    .select({ id: verifications.id })
    .from(verifications)
    .where(and(eq(verifications.identifier, identifier), gt(verifications.expiresAt, new Date())));
  return Boolean(row);
}

/** A password reset link (core/accounts/reset-links.ts keeps one live per account). */
export const resetLinkWorks = (db: Db, token: string) => linkWorks(db, `reset-password:${token}`);

/** A sign-in link: the magic-link plugin keeps only the token's hash ("hashed": SHA-256, base64url without padding). */
export const signInLinkWorks = (db: Db, token: string) =>
  linkWorks(db, `magic-link:${createHash("sha256").update(token).digest("base64url")}`);
