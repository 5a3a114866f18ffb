import { and, count, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { type Listener, personalFeed } from "../../db/listen.ts";
import { notifications } from "../../db/schema/index.ts";
import { MESSAGES } from "../../schemas/messages.ts";
import { type Actor, isAdmin } from "../../schemas/roles.ts";
import { AppError } from "../errors.ts";
import { CHANNELS } from "./notify.ts";

/** Live unread counts for server-sent events: the person's count, read again when their notifications change. */
export function createLiveCounts({ db, listener }: { db: Db; listener: Listener }) {
  return personalFeed(listener, CHANNELS.notifications, async (userId) => {
    const [row] = await db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    return Number(row?.n ?? 0);
  });
}

export type LiveCounts = ReturnType<typeof createLiveCounts>;

/**
 * The admins' moderation queue, live: one LISTEN per process on the moderation channel (NOTIFY reaches
 * every app process), passed on to the streams of admins only — `subscribe` refuses anyone else, so a
 * buyer's or a seller's stream never carries it. It says only that the queue changed: an open Reported
 * Items page reads itself again, as an admin.
 */
export function createLiveModeration({ listener }: { listener: Listener }) {
  const subscribers = new Set<() => void>();
  let listening: Promise<unknown> | undefined;
  return {
    async subscribe(admin: Actor, onChange: () => void): Promise<() => void> {
      if (!isAdmin(admin)) throw new AppError("FORBIDDEN", MESSAGES.toast.forbidden);
      listening ??= listener
        .on(CHANNELS.moderation, () => {
          for (const handler of subscribers) handler();
        })
        .catch((error: unknown) => {
          listening = undefined; // the next subscriber tries again
          throw error;
        });
      await listening;
      // Its own function, so that one admin's two tabs are two subscribers.
      const handler = () => onChange();
      subscribers.add(handler);
      return () => {
        subscribers.delete(handler);
      };
    },
  };
}

export type LiveModeration = ReturnType<typeof createLiveModeration>;
