import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { descAsIndexed, keysetCursor, pastCursor } from "../../db/order.ts";
import { notifications } from "../../db/schema/index.ts";
import type { Notification } from "../../schemas/notifications.ts";
import type { SessionUser } from "../accounts/index.ts";
import { AppError } from "../errors.ts";

export const NOTIFICATIONS_PAGE_SIZE = 20;

/** A keyset cursor: the last notification shown (its time and id), opaque to clients. */
const cursors = keysetCursor(["time", "id"]);

/** A person's unread notifications (the bell): an expression, read with Messages' count in one statement. */
export const unreadNoticesSql = (userId: string) =>
  sql<number>`(select count(*)::int from ${notifications} where ${notifications.userId} = ${userId} and ${notifications.readAt} is null)`;

/** A page of a person's notifications, newest first, from past a cursor: read in its index's order. */
export const notificationsQuery = (db: Db, userId: string, after: string[] | null, limit: number) =>
  db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        after ? pastCursor("desc", [notifications.createdAt, notifications.id], after) : undefined,
      ),
    )
    .orderBy(descAsIndexed(notifications.createdAt), descAsIndexed(notifications.id))
    .limit(limit);

/**
 * A person's own notifications (every query is by the session's account), newest first, in pages of `limit`;
 * `next` continues after the last one shown (null at the end). Kinds and texts: kinds.ts.
 */
export async function listNotifications(
  db: Db,
  actor: SessionUser,
  { cursor, limit = NOTIFICATIONS_PAGE_SIZE }: { cursor?: string; limit?: number } = {},
): Promise<{ items: Notification[]; next: string | null }> {
  const after = cursor ? cursors.decode(cursor) : null;
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
    next: rows.length > size && last ? cursors.encode(last.createdAt, last.id) : null,
  };
}

/** How many of the person's notifications are unread. */
export async function countUnreadNotifications(db: Db, actor: SessionUser): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`select ${unreadNoticesSql(actor.id)} as n`);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}
