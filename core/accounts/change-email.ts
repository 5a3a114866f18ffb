import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { accountEvents, users, verifications } from "../../db/schema/index.ts";
import {
  EMAIL_CHANGE_LINK_TTL_SECONDS,
  type EmailChangeInput,
  CHANGE_EMAIL_MESSAGES as M,
  type SessionUser,
} from "../../schemas/accounts.ts";
import { AppError, tooManyRequests } from "../errors.ts";
import { notifyEach } from "../notifications/index.ts";
import type { Auth } from "./auth.ts";
import { clientIp } from "./auth.ts";
import type { Counter } from "./counters.ts";
import { proveIdentity } from "./delete-own-account.ts";
import type { RecoveryLimiter } from "./recovery-limits.ts";

/*
 * "Change email" is ours, not better-auth's `/change-email` (1.7): that one asks for no password, signs its
 * links as JWTs that work any number of times until they expire, sends them itself in the request rather
 * than through the outbox, and tells the old address nothing. Here the link is a row of `verifications`
 * like every other emailed link (only the token's SHA-256 kept, one live per account, deleted when used),
 * and both emails are outbox rows written in the request's transaction.
 */

const PREFIX = "change-email:";
const identifierOf = (token: string) => `${PREFIX}${createHash("sha256").update(token).digest("base64url")}`;

/** "n***@example.com": enough for the owner to recognise, not enough to give it away to whoever reads the old inbox. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  return `${email.slice(0, Math.min(1, at))}***${email.slice(at)}`;
}

async function takenByAnother(db: Db | Tx, userId: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, userId)));
  return Boolean(row);
}

export interface EmailChangeDeps {
  auth: Auth;
  /** The same wrong-password counter as "Delete my account": one budget of guesses per account. */
  wrongPasswords: Counter;
  limits: RecoveryLimiter;
  publicUrl: string;
}

/**
 * Asks for the change: the password (or a fresh sign-in), a valid address that is new and nobody else's, then
 * in one transaction the link (replacing any earlier one of the account), the email carrying it to the NEW
 * address, and the notice to the old one. The account's address does not change yet.
 */
export async function requestEmailChange(
  db: Db,
  deps: EmailChangeDeps,
  actor: SessionUser,
  input: EmailChangeInput,
  headers: Headers,
): Promise<{ email: string }> {
  const email = input.email.trim().toLowerCase();
  if (email === actor.email.toLowerCase()) throw new AppError("VALIDATION_FAILED", M.sameEmail, { email: M.sameEmail });
  await proveIdentity(db, deps.auth, deps.wrongPasswords, actor, input.password, headers, M);
  if (await takenByAnother(db, actor.id, email)) {
    throw new AppError("VALIDATION_FAILED", M.emailTaken, { email: M.emailTaken });
  }
  const wait = await deps.limits.emailChange(actor.id, clientIp(headers));
  if (wait > 0) throw tooManyRequests(M.tooManyRequests, wait);
  const token = randomBytes(32).toString("base64url");
  await db.transaction(async (tx) => {
    // One live link per account: the newest request is the one that counts.
    await tx
      .delete(verifications)
      .where(
        and(
          sql`${verifications.identifier} like ${`${PREFIX}%`}`,
          sql`split_part(${verifications.value}, ' ', 1) = ${actor.id}`,
        ),
      );
    await tx.insert(verifications).values({
      id: randomUUID(),
      identifier: identifierOf(token),
      value: `${actor.id} ${email}`,
      expiresAt: new Date(Date.now() + EMAIL_CHANGE_LINK_TTL_SECONDS * 1000),
    });
    const url = `${deps.publicUrl}/account/email/confirm?${new URLSearchParams({ token })}`;
    await notifyEach(tx, [
      { kind: "account.confirmNewEmail", recipientId: actor.id, params: { url }, inApp: false, toAddress: email },
      { kind: "account.emailChanging", recipientId: actor.id, params: { newEmail: maskEmail(email) } },
    ]);
  });
  return { email };
}

export type EmailChangeResult = { ok: true; email: string } | { ok: false; reason: "invalid" | "other" | "taken" };

/**
 * Follows the link: the account's address becomes the new one, confirmed (the link proves it), and the link
 * is gone. Its other sessions keep working (they name the account, not the address). Following it while
 * signed in as another account changes nothing and leaves the link working: it is not theirs to use.
 */
export async function confirmEmailChange(
  db: Db,
  token: string,
  follower: SessionUser | null,
): Promise<EmailChangeResult> {
  try {
    return await followLink(db, token, follower);
  } catch (error) {
    // Two accounts following links to one address at the same moment: the second finds it taken (the link
    // stays, rolled back with the rest, and is refused the same way if followed again).
    if (isUniqueViolation(error)) return { ok: false, reason: "taken" };
    throw error;
  }
}

function followLink(db: Db, token: string, follower: SessionUser | null): Promise<EmailChangeResult> {
  return db.transaction(async (tx) => {
    const [link] = await tx
      .select({ value: verifications.value })
      .from(verifications)
      .where(and(eq(verifications.identifier, identifierOf(token)), gt(verifications.expiresAt, new Date())))
      .for("update");
    if (!link) return { ok: false, reason: "invalid" } as const;
    const [userId = "", email = ""] = link.value.split(" ");
    if (follower && follower.id !== userId) return { ok: false, reason: "other" } as const;
    await tx.delete(verifications).where(eq(verifications.identifier, identifierOf(token)));
    if (await takenByAnother(tx, userId, email)) return { ok: false, reason: "taken" } as const;
    const changed = await tx
      .update(users)
      .set({ email, emailVerified: true, updatedAt: new Date() })
      .where(and(eq(users.id, userId), isNull(users.deactivatedAt)))
      .returning({ id: users.id });
    if (changed.length === 0) return { ok: false, reason: "invalid" } as const;
    await tx.insert(accountEvents).values({ userId, action: "change-email", summary: "Changed their email address" });
    return { ok: true, email } as const;
  });
}
