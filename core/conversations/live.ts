import { announce as broadcast } from "../../db/broadcast.ts";
import type { Db, Tx } from "../../db/client.ts";
import { type Listener, personalFeed } from "../../db/listen.ts";
import type { MessagesUpdate } from "../../schemas/conversation-labels.ts";
import { unreadMessages } from "./inbox.ts";

/** Broadcast channel: a conversation changed for someone (payload: `<their id>|<conversation id>`). */
export const CONVERSATIONS_CHANNEL = "conversations";

/** Tells each person's open pages, on commit only, that a conversation of theirs changed. */
export async function announce(tx: Db | Tx, userIds: string[], conversationId: string) {
  await broadcast(
    tx,
    CONVERSATIONS_CHANNEL,
    [...new Set(userIds)].map((id) => `${id}|${conversationId}`),
  );
}

/**
 * Live conversations on the same server-sent event stream as the bell (decision 9): a person's unread
 * messages and which conversation changed. A page reads that conversation again itself.
 * A factory, not a verb: it holds this process's listening pages, fed by its one subscription to the channel.
 */
export function createLiveMessages({ db, listener }: { db: Db; listener: Listener }) {
  return personalFeed(
    listener,
    CONVERSATIONS_CHANNEL,
    async (userId, conversationId): Promise<MessagesUpdate> => ({
      unread: await unreadMessages(db, userId),
      conversationId,
    }),
  );
}

export type LiveMessages = ReturnType<typeof createLiveMessages>;
