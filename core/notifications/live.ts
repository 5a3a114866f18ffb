import { and, count, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { Listener } from "../../db/listen.ts";
import { notifications } from "../../db/schema.ts";
import { CHANNELS } from "./notify.ts";

export type UnreadHandler = (unread: number) => void;

/**
 * Live unread counts for server-sent events: one LISTEN per process (PostgreSQL's NOTIFY reaches every
 * app process, so this works with several), one count query per change per person however many tabs
 * they have open, and nothing at all for people with no open tab. A NOTIFY is sent only when the
 * transaction that wrote the notification commits.
 */
export function createLiveCounts({ db, listener }: { db: Db; listener: Listener }) {
  const subscribers = new Map<string, Set<UnreadHandler>>();
  let listening: Promise<unknown> | undefined;

  async function changed(userId: string) {
    const handlers = subscribers.get(userId);
    if (!handlers?.size) return;
    const [row] = await db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    for (const handler of handlers) handler(Number(row?.n ?? 0));
  }

  return {
    /** Calls `onUnread` with the person's unread count whenever their notifications change. Returns the unsubscribe. */
    async subscribe(userId: string, onUnread: UnreadHandler): Promise<() => void> {
      listening ??= listener
        .on(CHANNELS.notifications, (id) => {
          changed(id).catch((error: unknown) => console.error("live notification count failed:", error));
        })
        .catch((error: unknown) => {
          listening = undefined; // the next subscriber tries again
          throw error;
        });
      await listening;
      let handlers = subscribers.get(userId);
      if (!handlers) {
        handlers = new Set();
        subscribers.set(userId, handlers);
      }
      handlers.add(onUnread);
      return () => {
        handlers.delete(onUnread);
        if (handlers.size === 0) subscribers.delete(userId);
      };
    },
  };
}

export type LiveCounts = ReturnType<typeof createLiveCounts>;
