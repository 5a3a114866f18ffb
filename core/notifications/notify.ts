import { and, eq, inArray } from "drizzle-orm";
import { announce } from "../../db/broadcast.ts";
import type { Db, Tx } from "../../db/client.ts";
import { emailOutbox, emailPreferences, notifications, users } from "../../db/schema.ts";
import {
  type EmailParts,
  type InAppNotice,
  KINDS,
  type NotificationKind,
  type ParamsOf,
  type Recipient,
} from "./kinds.ts";

/** PostgreSQL channels: a person's notifications changed (payload: their id); emails wait to be queued. */
export const CHANNELS = { notifications: "notifications", emailOutbox: "email_outbox" } as const;

type Notice<K extends NotificationKind> = {
  recipientId: string;
  params: ParamsOf<K>;
  /**
   * False when the caller's own rule holds the in-app notice or the email back: a conversation tells in
   * the app about its first unread message only, and emails at most every 15 minutes.
   */
  inApp?: boolean;
  email?: boolean;
};

/**
 * Tells someone about a change, inside the transaction that makes the change (the outbox): the in-app
 * notification and, unless they turned this kind's email off, an email row for the job queue to deliver
 * after the commit. Both are written or rolled back with the change itself. NOTIFYs are sent on commit
 * only: the live unread counts, and the relay that queues the email (core/notifications/delivery.ts).
 * Nothing is sent here: the request never waits for a mail server.
 */
export async function notify<K extends NotificationKind>(tx: Db | Tx, kind: K, notice: Notice<K>): Promise<void> {
  await notifyAll(tx, kind, [notice]);
}

/**
 * The same for many people at once (a saved search's matches, a daily digest): three statements
 * whatever their number, instead of three per person.
 */
export async function notifyAll<K extends NotificationKind>(tx: Db | Tx, kind: K, notices: Notice<K>[]): Promise<void> {
  if (notices.length === 0) return;
  const definition = KINDS[kind] as {
    subject: "order" | "advert" | "conversation" | "account";
    email: "optional" | "always" | "never";
    inApp?: (p: never, to: Recipient) => InAppNotice;
    mail?: (p: never, to: Recipient) => EmailParts;
  };
  const ids = [...new Set(notices.map((n) => n.recipientId))];
  const rows = await tx
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      deactivatedAt: users.deactivatedAt,
      wantsEmail: emailPreferences.email,
    })
    .from(users)
    .leftJoin(emailPreferences, and(eq(emailPreferences.userId, users.id), eq(emailPreferences.kind, kind)))
    .where(inArray(users.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const told = notices.map(({ recipientId, params, inApp = true, email = true }) => {
    const row = byId.get(recipientId);
    if (!row) throw new Error(`notify ${kind}: no account ${recipientId}`);
    return { row, to: { id: row.id, name: row.name, email: row.email } as Recipient, params, inApp, email };
  });

  const shown = told.filter((t) => t.inApp);
  if (definition.inApp && shown.length > 0) {
    const inApp = definition.inApp;
    const subjectKey = { order: "orderId", advert: "advertId", conversation: "conversationId", account: null }[
      definition.subject
    ];
    const subjectOf = (params: unknown) =>
      subjectKey ? String((params as Record<string, unknown>)[subjectKey]) : null;
    await tx.insert(notifications).values(
      shown.map(({ to, params }) => ({
        userId: to.id,
        kind,
        subjectType: definition.subject,
        subjectId: subjectOf(params),
        ...inApp(params as never, to),
      })),
    );
    const recipients = [...new Set(shown.map((t) => t.to.id))];
    await announce(tx, CHANNELS.notifications, recipients);
  }

  // A deleted account is told in the app (should it come back) but no longer emailed.
  const mail = definition.mail;
  if (!mail || definition.email === "never") return;
  const emailed = told.filter(
    ({ row, email }) => email && (definition.email === "always" || (row.wantsEmail ?? true)) && !row.deactivatedAt,
  );
  if (emailed.length === 0) return;
  await tx.insert(emailOutbox).values(
    emailed.map(({ to, params }) => ({
      kind,
      userId: to.id,
      toAddress: to.email,
      subject: mail(params as never, to).subject,
      payload: { params: params as Record<string, unknown>, to },
    })),
  );
  await announce(tx, CHANNELS.emailOutbox);
}
