import { and, eq, inArray } from "drizzle-orm";
import { announce } from "../../db/broadcast.ts";
import type { Db } from "../../db/client.ts";
import { descAsIndexed } from "../../db/order.ts";
import { emailOutbox } from "../../db/schema/index.ts";
import { PRIVATE_EMAIL_SUBJECT } from "../../schemas/notification-labels.ts";
import { requireAdmin, type SessionUser } from "../accounts/index.ts";
import { recordAdminAction } from "../audit/index.ts";
import { AppError } from "../errors.ts";
import { isKind, KINDS } from "./kinds.ts";
import { CHANNELS } from "./notify.ts";

/** Email delivery (admins): the latest emails with their status and last error — never their content. */
export async function recentEmails(
  db: Db,
  admin: SessionUser,
  { limit = 100, status }: { limit?: number; status?: string } = {},
) {
  requireAdmin(admin);
  const rows = await db
    .select({
      id: emailOutbox.id,
      kind: emailOutbox.kind,
      to: emailOutbox.toAddress,
      subject: emailOutbox.subject,
      status: emailOutbox.status,
      attempts: emailOutbox.attempts,
      lastError: emailOutbox.lastError,
      createdAt: emailOutbox.createdAt,
      sentAt: emailOutbox.sentAt,
    })
    .from(emailOutbox)
    .where(status ? eq(emailOutbox.status, status as "pending") : undefined)
    .orderBy(descAsIndexed(emailOutbox.createdAt), descAsIndexed(emailOutbox.id))
    .limit(Math.max(1, Math.min(limit, 500)));
  return rows.map((r) => ({
    ...r,
    subject: subjectForAdmins(r.kind, r.subject),
    createdAt: r.createdAt.toISOString(),
    sentAt: r.sentAt?.toISOString() ?? null,
  }));
}

/**
 * Send again (admins): a failed, kept or sent email goes back to the queue with a fresh count of tries and the
 * same Message-ID. One being delivered right now is left alone.
 */
export async function sendAgain(db: Db, admin: SessionUser, emailId: string): Promise<void> {
  requireAdmin(admin);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(emailOutbox)
      .set({ status: "pending", attempts: 0, lastError: null, enqueuedAt: null, claimedAt: null })
      .where(and(eq(emailOutbox.id, emailId), inArray(emailOutbox.status, ["failed", "kept", "sent"])))
      .returning({ to: emailOutbox.toAddress, subject: emailOutbox.subject, kind: emailOutbox.kind });
    if (!row) {
      const [exists] = await tx.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.id, emailId));
      if (!exists) throw new AppError("NOT_FOUND", "This email does not exist.");
      throw new AppError("CONFLICT", "This email is being delivered already.");
    }
    await recordAdminAction(
      tx,
      admin.id,
      "resend-email",
      { type: "email", id: emailId },
      `Sent again “${subjectForAdmins(row.kind, row.subject)}” to ${row.to}`,
    );
    await announce(tx, CHANNELS.emailOutbox);
  });
}

/**
 * An email's subject as admins see it (Email delivery, the admin log): a private conversation's names its two
 * people and its laptop, which admins may not know unless one of them reports it — so it reads as its kind.
 */
function subjectForAdmins(kind: string, subject: string): string {
  return isKind(kind) && KINDS[kind].subject === "conversation" ? PRIVATE_EMAIL_SUBJECT : subject;
}
