import { and, eq, like, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { verifications } from "../../db/schema/index.ts";

/**
 * One live password reset link per account. A new request ends the older links; using one (a reset) or
 * changing the password on /profile ends all the others: a link in an old email, or one an attacker asked
 * for before the owner changed their password, opens nothing afterwards.
 *
 * Written as better-auth database hooks, so every way in — the pages, /api/auth, better-auth's own
 * endpoints — keeps the rule: the links are rows of `verifications` whose identifier is
 * `reset-password:<token>` and whose value is the account's id.
 */

const RESET_LINK = "reset-password:";
const isResetLink = (row: unknown): row is { id: string; identifier: string; value: string; expiresAt: Date } =>
  typeof row === "object" &&
  row !== null &&
  typeof (row as { identifier?: unknown }).identifier === "string" &&
  (row as { identifier: string }).identifier.startsWith(RESET_LINK);

/** Ends the account's reset links: all of them, or all but `keep`. */
async function endResetLinks(db: Db, userId: string, keep?: { id: string; createdAt: Date }) {
  await db.delete(verifications).where(
    and(
      eq(verifications.value, userId),
      like(verifications.identifier, `${RESET_LINK}%`),
      // Older than the one kept (its creation time, then its id: two asked in the same millisecond agree
      // on which one stays).
      keep && sql`(${verifications.createdAt}, ${verifications.id}) < (${keep.createdAt}, ${keep.id})`,
    ),
  );
}

/** The hooks, for better-auth's `databaseHooks` (core/accounts/auth.ts). */
export function resetLinkHooks(db: Db) {
  return {
    verification: {
      create: {
        /** A new link asked for: the older ones end. */
        async after(row: unknown) {
          if (!isResetLink(row)) return;
          const createdAt = (row as { createdAt?: Date }).createdAt ?? new Date();
          await endResetLinks(db, row.value, { id: row.id, createdAt });
        },
      },
      delete: {
        /**
         * A link used (better-auth consumes it as the reset begins): the others end. Not when an expired
         * link is swept: an old link must not end the owner's fresh one.
         */
        async after(row: unknown) {
          if (isResetLink(row) && new Date(row.expiresAt) > new Date()) await endResetLinks(db, row.value);
        },
      },
    },
    account: {
      update: {
        /** Only a password changes on a password account (/profile, the API's change-password). */
        async after(account: unknown) {
          const { providerId, userId } = (account ?? {}) as { providerId?: unknown; userId?: unknown };
          if (providerId === "credential" && typeof userId === "string") await endResetLinks(db, userId);
        },
      },
    },
  };
}
