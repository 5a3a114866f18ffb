import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { announce } from "../../db/broadcast.ts";
import type { Db } from "../../db/client.ts";
import { isUuid } from "../../db/errors.ts";
import { descAsIndexed, pastCursor } from "../../db/order.ts";
import { emailOutbox, emailPreferences, notifications } from "../../db/schema/index.ts";
import { PRIVATE_EMAIL_SUBJECT } from "../../schemas/notification-labels.ts";
import { canBuy, isSeller, requireAdmin, type SessionUser } from "../accounts/index.ts";
import { recordAdminAction } from "../audit/index.ts";
import { AppError } from "../errors.ts";
import { isKind, KINDS, type KindAudience, type NotificationKind, OPTIONAL_KINDS } from "./kinds.ts";
import { CHANNELS } from "./notify.ts";
import { readUnsubscribeToken } from "./unsubscribe-token.ts";

export const NOTIFICATIONS_PAGE_SIZE = 20;

export interface NotificationView {
  id: string;
  kind: string;
  subjectType: "order" | "advert" | "account" | "conversation";
  subjectId: string | null;
  title: string;
  body: string;
  link: string;
  read: boolean;
  createdAt: string;
}

/** A person's unread notifications (the bell): an expression, read with Messages' count in one statement. */
export const unreadNoticesSql = (userId: string) =>
  sql<number>`(select count(*)::int from ${notifications} where ${notifications.userId} = ${userId} and ${notifications.readAt} is null)`;

/** A keyset cursor: the last entry shown (its time and id), opaque to clients. */
const encodeCursor = (createdAt: Date, id: string) =>
  Buffer.from(`${createdAt.toISOString()}|${id}`).toString("base64url");
function decodeCursor(cursor: string): { createdAt: Date; id: string } | null {
  const [at, id] = Buffer.from(cursor, "base64url").toString().split("|");
  const createdAt = new Date(at ?? "");
  return id && isUuid(id) && !Number.isNaN(createdAt.getTime()) ? { createdAt, id } : null;
}

/** A page of a person's notifications, newest first, from past a cursor: read in its index's order. */
export const notificationsQuery = (
  db: Db,
  userId: string,
  after: { createdAt: Date; id: string } | null,
  limit: number,
) =>
  db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        after
          ? pastCursor("desc", [notifications.createdAt, notifications.id], [after.createdAt, after.id])
          : undefined,
      ),
    )
    .orderBy(descAsIndexed(notifications.createdAt), descAsIndexed(notifications.id))
    .limit(limit);

/** Whether a person can be told a kind at all (a buyer is never told of "their" sales). */
function mayBeTold(actor: SessionUser, audience: KindAudience | undefined): boolean {
  if (audience === "sellers") return isSeller(actor);
  if (audience === "buyers") return canBuy(actor);
  return true;
}

/**
 * A person's notifications (always their own: every query is by the session's account) and their email
 * preferences; for admins, the recent emails and "send again". Kinds and texts: kinds.ts.
 */
export function createNotifications({ db, secret }: { db: Db; secret: string }) {
  const changed = (userId: string) => announce(db, CHANNELS.notifications, userId);

  async function unreadCount(actor: SessionUser): Promise<number> {
    const result = await db.execute<{ n: number }>(sql`select ${unreadNoticesSql(actor.id)} as n`);
    return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  }

  /** One of the actor's own notifications: someone else's, or none at all, is "not found". */
  async function mine(actor: SessionUser, id: string) {
    if (!isUuid(id)) throw new AppError("NOT_FOUND", "This notification does not exist.");
    const [found] = await db
      .select({ readAt: notifications.readAt, link: notifications.link })
      .from(notifications)
      .where(and(eq(notifications.id, id), eq(notifications.userId, actor.id)));
    if (!found) throw new AppError("NOT_FOUND", "This notification does not exist.");
    return found;
  }

  return {
    /** Newest first, in pages of `limit`; `next` continues after the last one shown (null at the end). */
    async list(
      actor: SessionUser,
      { cursor, limit = NOTIFICATIONS_PAGE_SIZE }: { cursor?: string; limit?: number } = {},
    ): Promise<{ items: NotificationView[]; next: string | null }> {
      const after = cursor ? decodeCursor(cursor) : null;
      if (cursor && !after) throw new AppError("VALIDATION_FAILED", "This page of notifications does not exist.");
      const size = Math.max(1, Math.min(limit, 100));
      const rows = await notificationsQuery(db, actor.id, after, size + 1);
      const page = rows.slice(0, size);
      const last = page.at(-1);
      return {
        items: page.map((n) => ({
          id: n.id,
          kind: n.kind,
          subjectType: n.subjectType,
          subjectId: n.subjectId,
          title: n.title,
          body: n.body,
          link: n.link,
          read: n.readAt !== null,
          createdAt: n.createdAt.toISOString(),
        })),
        next: rows.length > size && last ? encodeCursor(last.createdAt, last.id) : null,
      };
    },

    unreadCount,

    async markAllRead(actor: SessionUser): Promise<void> {
      const marked = await db
        .update(notifications)
        .set({ readAt: new Date() })
        .where(and(eq(notifications.userId, actor.id), isNull(notifications.readAt)))
        .returning({ id: notifications.id });
      if (marked.length) await changed(actor.id);
    },

    /** Where one of my notifications leads, without marking it read; someone else's is "not found". */
    async linkOf(actor: SessionUser, id: string): Promise<{ link: string }> {
      const { link } = await mine(actor, id);
      return { link };
    },

    /** One notification read (opening it, by a POST); someone else's is "not found". Returns where it leads. */
    async markRead(actor: SessionUser, id: string): Promise<{ link: string }> {
      const found = await mine(actor, id);
      if (found.readAt) return { link: found.link };
      await db
        .update(notifications)
        .set({ readAt: new Date() })
        .where(and(eq(notifications.id, id), eq(notifications.userId, actor.id)));
      await changed(actor.id);
      return { link: found.link };
    },

    /** Per kind a person may turn off: what it is, and whether they get it by email. */
    async emailPreferences(actor: SessionUser) {
      const rows = await db
        .select({ kind: emailPreferences.kind, email: emailPreferences.email })
        .from(emailPreferences)
        .where(eq(emailPreferences.userId, actor.id));
      const chosen = new Map(rows.map((r) => [r.kind, r.email]));
      return OPTIONAL_KINDS.filter((kind) => mayBeTold(actor, KINDS[kind].audience)).map((kind) => ({
        kind,
        label: KINDS[kind].label,
        email: chosen.get(kind) ?? true,
      }));
    },

    async setEmailPreference(actor: SessionUser, kind: string, email: boolean): Promise<void> {
      if (!isKind(kind) || KINDS[kind].email !== "optional") {
        throw new AppError("VALIDATION_FAILED", "Check the highlighted fields.", { kind: "No such kind of email" });
      }
      await setPreference(db, actor.id, kind, email);
    },

    /** One-click unsubscribe from an email's link, without signing in. Says what was turned off. */
    async unsubscribe(token: string): Promise<{ kind: NotificationKind; label: string }> {
      const found = readUnsubscribeToken(secret, token);
      if (!found || KINDS[found.kind].email !== "optional") {
        throw new AppError("NOT_FOUND", "This unsubscribe link is not valid.");
      }
      await setPreference(db, found.userId, found.kind, false);
      return { kind: found.kind, label: KINDS[found.kind].label };
    },

    /** Email delivery (admins): the latest emails with their status and last error — never their content. */
    async recentEmails(admin: SessionUser, { limit = 100, status }: { limit?: number; status?: string } = {}) {
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
    },

    /**
     * Send again (admins): a failed, kept or sent email goes back to the queue with a fresh count of
     * tries and the same Message-ID. One being delivered right now is left alone.
     */
    async sendAgain(admin: SessionUser, emailId: string): Promise<void> {
      requireAdmin(admin);
      if (!isUuid(emailId)) throw new AppError("NOT_FOUND", "This email does not exist.");
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
    },
  };
}

/**
 * An email's subject as admins see it (Email delivery, the admin log): a private conversation's names its two
 * people and its laptop, which admins may not know unless one of them reports it — so it reads as its kind.
 */
function subjectForAdmins(kind: string, subject: string): string {
  return isKind(kind) && KINDS[kind].subject === "conversation" ? PRIVATE_EMAIL_SUBJECT : subject;
}

async function setPreference(db: Db, userId: string, kind: NotificationKind, email: boolean) {
  await db
    .insert(emailPreferences)
    .values({ userId, kind, email })
    .onConflictDoUpdate({
      target: [emailPreferences.userId, emailPreferences.kind],
      set: { email, updatedAt: new Date() },
    });
}

export type Notifications = ReturnType<typeof createNotifications>;
