import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import type { Listener } from "../../db/listen.ts";
import type { MessagesUpdate } from "../../schemas/conversation-labels.ts";
import { unreadMessages } from "./inbox.ts";

/** PostgreSQL channel: a conversation changed for someone (payload: `<their id>|<conversation id>`). */
export const CONVERSATIONS_CHANNEL = "conversations";

/** Tells each person's open pages, on commit only, that a conversation of theirs changed. */
export async function announce(tx: Db | Tx, userIds: string[], conversationId: string) {
  for (const id of new Set(userIds)) {
    await tx.execute(sql`select pg_notify(${CONVERSATIONS_CHANNEL}, ${`${id}|${conversationId}`})`);
  }
}

export type MessagesHandler = (update: MessagesUpdate) => void;

/**
 * Live conversations for the same server-sent event stream as the bell (decision 9): one LISTEN per
 * process, shared with the notifications' (db/listen.ts), one unread count per change per person with an
 * open tab, nothing for anyone else. A page hears which conversation changed and reads it again itself.
 */
export function createLiveMessages({ db, listener }: { db: Db; listener: Listener }) {
  const subscribers = new Map<string, Set<MessagesHandler>>();
  let listening: Promise<unknown> | undefined;

  async function changed(payload: string) {
    const [userId = "", conversationId = ""] = payload.split("|");
    const handlers = subscribers.get(userId);
    if (!handlers?.size) return;
    const unread = await unreadMessages(db, userId);
    for (const handler of handlers) handler({ unread, conversationId });
  }

  return {
    /** Calls `onChange` whenever one of the person's conversations changes. Returns the unsubscribe. */
    async subscribe(userId: string, onChange: MessagesHandler): Promise<() => void> {
      listening ??= listener
        .on(CONVERSATIONS_CHANNEL, (payload) => {
          changed(payload).catch((error: unknown) => console.error("live conversation update failed:", error));
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
      handlers.add(onChange);
      return () => {
        handlers.delete(onChange);
        if (handlers.size === 0) subscribers.delete(userId);
      };
    },
  };
}

export type LiveMessages = ReturnType<typeof createLiveMessages>;
