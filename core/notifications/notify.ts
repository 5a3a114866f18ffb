import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { emailOutbox, emailPreferences, notifications, users } from "../../db/schema.ts";
import { KINDS, type NotificationKind, type ParamsOf, type Recipient } from "./kinds.ts";

/** PostgreSQL channels: a person's notifications changed (payload: their id); emails wait to be queued. */
export const CHANNELS = { notifications: "notifications", emailOutbox: "email_outbox" } as const;

/**
 * Tells someone about a change, inside the transaction that makes the change (the outbox): the in-app
 * notification and, unless they turned this kind's email off, an email row for the job queue to deliver
 * after the commit. Both are written or rolled back with the change itself. NOTIFYs are sent on commit
 * only: the live unread counts, and the relay that queues the email (core/notifications/delivery.ts).
 * Nothing is sent here: the request never waits for a mail server.
 */
export async function notify<K extends NotificationKind>(
  tx: Db | Tx,
  kind: K,
  {
    recipientId,
    params,
    inApp: inAppAllowed = true,
    email: emailAllowed = true,
  }: {
    recipientId: string;
    params: ParamsOf<K>;
    /**
     * False when the caller's own rule holds the in-app notice or the email back: a conversation tells in
     * the app about its first unread message only, and emails at most every 15 minutes.
     */
    inApp?: boolean;
    email?: boolean;
  },
): Promise<void> {
  const definition = KINDS[kind];
  const [row] = await tx
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      deactivatedAt: users.deactivatedAt,
      wantsEmail: emailPreferences.email,
    })
    .from(users)
    .leftJoin(emailPreferences, and(eq(emailPreferences.userId, users.id), eq(emailPreferences.kind, kind)))
    .where(eq(users.id, recipientId));
  if (!row) throw new Error(`notify ${kind}: no account ${recipientId}`);
  const to: Recipient = { id: row.id, name: row.name, email: row.email };
  const p = params as never;

  const inApp = (definition as { inApp?: (p: never, to: Recipient) => { title: string; body: string; link: string } })
    .inApp;
  if (inApp && inAppAllowed) {
    const notice = inApp(p, to);
    const subjectKey = { order: "orderId", advert: "advertId", conversation: "conversationId", account: null }[
      definition.subject
    ];
    const subjectId = subjectKey ? String((params as Record<string, unknown>)[subjectKey]) : null;
    await tx
      .insert(notifications)
      .values({ userId: to.id, kind, subjectType: definition.subject, subjectId, ...notice });
    await tx.execute(sql`select pg_notify(${CHANNELS.notifications}, ${to.id})`);
  }

  // A deleted account is told in the app (should it come back) but no longer emailed.
  const email = emailAllowed && (definition.email === "always" || (row.wantsEmail ?? true));
  if (email && !row.deactivatedAt) {
    await tx.insert(emailOutbox).values({
      kind,
      userId: to.id,
      toAddress: to.email,
      subject: definition.mail(p, to).subject,
      payload: { params: params as Record<string, unknown>, to },
    });
    await tx.execute(sql`select pg_notify(${CHANNELS.emailOutbox}, '')`);
  }
}
