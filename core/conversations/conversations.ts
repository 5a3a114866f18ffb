import type { Db } from "../../db/client.ts";
import type { SessionUser } from "../accounts/index.ts";
import { createInbox, unreadMessages } from "./inbox.ts";
import type { MessageLimiter } from "./limits.ts";
import { typicalReplyTime } from "./reply-time.ts";
import { block, unblock } from "./safety.ts";
import { createSending } from "./send.ts";
import { createThread } from "./thread.ts";

/**
 * Conversations between a buyer and a seller about one laptop: private to their two people (admins read
 * one only once it was reported). Pages and the API call these; each rule lives in one file beside it.
 */
/** `quickReads`: where the inbox, a conversation and the unread count are read (db/quick-reads.ts). */
export function createConversations({
  db,
  limits,
  quickReads = db,
}: {
  db: Db;
  limits: MessageLimiter;
  quickReads?: Db;
}) {
  return {
    ...createSending({ db, limits }),
    block: (actor: SessionUser, conversationId: string) => block(db, actor, conversationId),
    unblock: (actor: SessionUser, conversationId: string) => unblock(db, actor, conversationId),
    inbox: createInbox(quickReads),
    open: createThread(db, quickReads),
    unreadCount: (actor: SessionUser) => unreadMessages(quickReads, actor.id),
    /** For anyone weighing a seller (the laptop page's trust panel): public, like the rating. */
    typicalReplyTime: (sellerId: string) => typicalReplyTime(db, sellerId),
  };
}

export type Conversations = ReturnType<typeof createConversations>;
