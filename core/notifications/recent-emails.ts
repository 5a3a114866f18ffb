import { and, count, eq, inArray, sql } from "drizzle-orm";
import { announce } from "../../db/broadcast.ts";
import type { Db } from "../../db/client.ts";
import { descAsIndexed, keysetCursor, pastCursor } from "../../db/order.ts";
import { emailOutbox } from "../../db/schema/index.ts";
import { PRIVATE_EMAIL_SUBJECT } from "../../schemas/notification-labels.ts";
import { BAD_EMAILS_CURSOR, type EmailListQuery, UNKNOWN_EMAIL_KIND } from "../../schemas/notifications.ts";
import { requireAdmin, type SessionUser } from "../accounts/index.ts";
import { recordAdminAction } from "../audit/index.ts";
import { AppError } from "../errors.ts";
import { isKind, KINDS } from "./kinds.ts";
import { CHANNELS } from "./notify.ts";

/** A keyset cursor: the last email shown (when it was written, and its id), opaque to clients. */
const cursors = keysetCursor(["time", "id"]);

/** Every kind of email, by name: Email delivery's Kind filter offers them. */
export const EMAIL_KIND_NAMES: readonly string[] = Object.keys(KINDS).sort();

/** Email delivery's page size, unless the caller asks for another (at most 500). */
const EMAILS_PAGE_SIZE = 100;

/**
 * Email delivery (admins): the latest emails with their status and last error — never their content —, newest
 * first in keyset pages, filtered by recipient (the whole address, any case), kind and status. Each filter has
 * its index (`email_outbox_to_idx`, `email_outbox_failed_idx`, the rest on `email_outbox_created_idx`).
 */
export async function recentEmails(db: Db, admin: SessionUser, filter: Partial<EmailListQuery> = {}) {
  requireAdmin(admin);
  const { status, kind, to, cursor } = filter;
  const limit = Math.max(1, Math.min(filter.limit ?? EMAILS_PAGE_SIZE, 500));
  const after = cursor ? cursors.decode(cursor) : null;
  if (cursor && !after) throw new AppError("VALIDATION_FAILED", BAD_EMAILS_CURSOR, { cursor: BAD_EMAILS_CURSOR });
  if (kind && !isKind(kind)) throw new AppError("VALIDATION_FAILED", UNKNOWN_EMAIL_KIND, { kind: UNKNOWN_EMAIL_KIND });
  const order = [emailOutbox.createdAt, emailOutbox.id];
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
    .where(
      and(
        status ? eq(emailOutbox.status, status) : undefined,
        kind ? eq(emailOutbox.kind, kind) : undefined,
        to ? sql`lower(${emailOutbox.toAddress}) = ${to.toLowerCase()}` : undefined,
        after ? pastCursor("desc", order, after) : undefined,
      ),
    )
    .orderBy(...order.map(descAsIndexed))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    emails: page.map((r) => ({
      ...r,
      subject: subjectForAdmins(r.kind, r.subject),
      createdAt: r.createdAt.toISOString(),
      sentAt: r.sentAt?.toISOString() ?? null,
    })),
    next: rows.length > limit && last ? cursors.encode(last.createdAt, last.id) : null,
  };
}

/** How many emails failed for good (admins' dashboard and menu), on `email_outbox_failed_idx`. */
export async function countFailedEmails(db: Db, admin: SessionUser): Promise<number> {
  requireAdmin(admin);
  const [row] = await db.select({ n: count() }).from(emailOutbox).where(eq(emailOutbox.status, "failed"));
  return Number(row?.n ?? 0);
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
