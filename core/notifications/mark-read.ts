import { and, eq, isNull } from "drizzle-orm";
import { announce } from "../../db/broadcast.ts";
import type { Db } from "../../db/client.ts";
import { notifications } from "../../db/schema/index.ts";
import { NO_NOTIFICATION } from "../../schemas/notification-labels.ts";
import type { SessionUser } from "../accounts/index.ts";
import { AppError } from "../errors.ts";
import { CHANNELS } from "./notify.ts";

/** The person's open pages hear that their unread count changed (the bell, Notifications). */
const changed = (db: Db, userId: string) => announce(db, CHANNELS.notifications, userId);

/** One of the actor's own notifications: someone else's, or none at all, is "not found". */
async function mine(db: Db, actor: SessionUser, id: string) {
  const [found] = await db
    .select({ readAt: notifications.readAt, link: notifications.link })
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, actor.id)));
  if (!found) throw new AppError("NOT_FOUND", NO_NOTIFICATION);
  return found;
}

/** Where one of my notifications leads, without marking it read; someone else's is "not found". */
export async function notificationLink(db: Db, actor: SessionUser, id: string): Promise<{ link: string }> {
  const { link } = await mine(db, actor, id);
  return { link };
}

/** One notification read (opening it, by a POST); someone else's is "not found". Returns where it leads. */
export async function markRead(db: Db, actor: SessionUser, id: string): Promise<{ link: string }> {
  const found = await mine(db, actor, id);
  if (found.readAt) return { link: found.link };
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.id, id), eq(notifications.userId, actor.id)));
  await changed(db, actor.id);
  return { link: found.link };
}

export async function markAllRead(db: Db, actor: SessionUser): Promise<void> {
  const marked = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, actor.id), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  if (marked.length) await changed(db, actor.id);
}
