import { and, count, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { type Listener, personalFeed } from "../../db/listen.ts";
import { notifications } from "../../db/schema.ts";
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
