import { and, eq, inArray, isNull } from "drizzle-orm";
import { announce } from "../../db/broadcast.ts";
import type { Db, Tx } from "../../db/client.ts";
import { emailOutbox, emailPreferences, notifications, users } from "../../db/schema/index.ts";
import {
  type EmailParts,
  type InAppNotice,
  KINDS,
  type NotificationKind,
  type ParamsOf,
  type Recipient,
} from "./kinds.ts";

/**
 * PostgreSQL channels: a person's notifications changed (payload: their id); emails wait to be queued;
 * the admins' moderation queue changed (no payload: only admins' streams hear it, core/notifications/live.ts).
 */
export const CHANNELS = {
  notifications: "notifications",
  emailOutbox: "email_outbox",
  moderation: "moderation",
} as const;

/**
 * Tells the admins' open Reported Items pages, on commit only, that what they show changed: a report of an
 * advert, a review or a conversation, an advert held or flagged for review, or another admin's decision.
 * It says nothing of what changed (the page reads it again, as an admin), so it carries nothing private.
 */
export async function announceModeration(tx: Db | Tx): Promise<void> {
  await announce(tx, CHANNELS.moderation, "changed");
}

type Notice<K extends NotificationKind> = {
  recipientId: string;
  params: ParamsOf<K>;
  /**
   * False when the caller's own rule holds the in-app notice or the email back: a conversation tells in
   * the app about its first unread message only, and emails at most every 15 minutes.
   */
  inApp?: boolean;
  email?: boolean;
  /** Another address than the account's (a new email address not yet the account's: "Change email"). */
  toAddress?: string;
};

/** One notice of some kind, for `notifyEach`. */
export type KindedNotice = { [K in NotificationKind]: { kind: K } & Notice<K> }[NotificationKind];

type Definition = {
  subject: "order" | "advert" | "conversation" | "account";
  email: "optional" | "always" | "never";
  inApp?: (p: never, to: Recipient) => InAppNotice;
  mail?: (p: never, to: Recipient) => EmailParts;
};
const SUBJECT_KEY = { order: "orderId", advert: "advertId", conversation: "conversationId", account: null } as const;

/**
 * Tells someone about a change, inside the transaction that makes the change (the outbox): the in-app
 * notification and, unless they turned this kind's email off, an email row for the job queue to deliver
 * after the commit. Both are written or rolled back with the change itself. NOTIFYs are sent on commit
 * only: the live unread counts, and the relay that queues the email (core/notifications/delivery.ts).
 * Nothing is sent here: the request never waits for a mail server.
 */
export async function notify<K extends NotificationKind>(tx: Db | Tx, kind: K, notice: Notice<K>): Promise<void> {
  await notifyEach(tx, [{ kind, ...notice } as KindedNotice]);
}

/** The same for many people at once (a saved search's matches, a daily digest). */
export async function notifyAll<K extends NotificationKind>(tx: Db | Tx, kind: K, notices: Notice<K>[]): Promise<void> {
  await notifyEach(
    tx,
    notices.map((n) => ({ kind, ...n }) as KindedNotice),
  );
}

/**
 * Notices of any kinds in two statements whatever their number (a sale tells its seller and its buyer at
 * once): who they are and which emails they turned off, then their notifications and emails written
 * together (one statement, a data-modifying WITH) — not three statements per notice in the sale's
 * transaction (docs/benchmarks.md: what telling people costs).
 */
export async function notifyEach(tx: Db | Tx, notices: KindedNotice[]): Promise<void> {
  if (notices.length === 0) return;
  const ids = [...new Set(notices.map((n) => n.recipientId))];
  const kinds = [...new Set(notices.map((n) => n.kind))];
  const rows = await tx
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      deactivatedAt: users.deactivatedAt,
      kind: emailPreferences.kind,
      wantsEmail: emailPreferences.email,
    })
    .from(users)
    .leftJoin(emailPreferences, and(eq(emailPreferences.userId, users.id), inArray(emailPreferences.kind, kinds)))
    .where(inArray(users.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const turnedOff = new Set(rows.filter((r) => r.wantsEmail === false).map((r) => `${r.id} ${r.kind}`));

  const shown: (typeof notifications.$inferInsert)[] = [];
  const emailed: (typeof emailOutbox.$inferInsert)[] = [];
  for (const { kind, recipientId, params, inApp = true, email = true, toAddress } of notices) {
    const row = byId.get(recipientId);
    if (!row) throw new Error(`notify ${kind}: no account ${recipientId}`);
    const to: Recipient = { id: row.id, name: row.name, email: toAddress ?? row.email };
    const definition = KINDS[kind] as Definition;
    if (definition.inApp && inApp) {
      const subjectKey = SUBJECT_KEY[definition.subject];
      shown.push({
        userId: to.id,
        kind,
        subjectType: definition.subject,
        subjectId: subjectKey ? String((params as Record<string, unknown>)[subjectKey]) : null,
        ...definition.inApp(params as never, to),
      });
    }
    // A deleted account is told in the app (should it come back) but no longer emailed.
    const wanted = definition.email === "always" || !turnedOff.has(`${to.id} ${kind}`);
    if (definition.mail && definition.email !== "never" && email && wanted && !row.deactivatedAt) {
      emailed.push({
        kind,
        userId: to.id,
        toAddress: to.email,
        subject: definition.mail(params as never, to).subject,
        payload: { params: params as Record<string, unknown>, to },
      });
    }
  }

  if (shown.length > 0 && emailed.length > 0) {
    const written = tx.$with("written").as(tx.insert(notifications).values(shown).returning({ id: notifications.id }));
    await tx.with(written).insert(emailOutbox).values(emailed);
  } else if (shown.length > 0) {
    await tx.insert(notifications).values(shown);
  } else if (emailed.length > 0) {
    await tx.insert(emailOutbox).values(emailed);
  }
  if (shown.length > 0) await announce(tx, CHANNELS.notifications, [...new Set(shown.map((n) => n.userId))]);
  if (emailed.length > 0) await announce(tx, CHANNELS.emailOutbox);
}

/**
 * A person's unread notices about one subject are read once they have seen it themselves (opening a
 * conversation reads its "new message" notice), in the caller's transaction; their bell hears it on commit.
 */
export async function readNoticesAbout(
  tx: Db | Tx,
  userId: string,
  subject: { type: "order" | "advert" | "conversation"; id: string },
): Promise<void> {
  const read = await tx
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        eq(notifications.subjectType, subject.type),
        eq(notifications.subjectId, subject.id),
      ),
    )
    .returning({ id: notifications.id });
  if (read.length > 0) await announce(tx, CHANNELS.notifications, [userId]);
}
