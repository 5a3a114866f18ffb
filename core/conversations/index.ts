/**
 * Conversations: buyers ask sellers about a laptop and sellers answer, live (server-sent events fed by
 * LISTEN/NOTIFY, decision 9); blocking, reporting to admins, limits on messages and new conversations,
 * the "new message" notice; and a seller's typical reply time for the trust panel.
 */
export { type Conversations, createConversations } from "./conversations.ts";
// The statements of the two lists (the inbox's here, a conversation's below), for the tests that read their plans.
export { inboxQuery } from "./inbox.ts";
export { createMessageLimits, type MessageLimiter, type MessageLimits } from "./limits.ts";
export { createLiveMessages, type LiveMessages } from "./live.ts";
export { type ReplyTime, typicalReplyTime } from "./reply-time.ts";
// For the report queue (core/moderation): who may report a conversation, and what a report changes here.
export { asParty, markReported } from "./safety.ts";
export { preview } from "./send.ts";
export { messagesQuery } from "./thread.ts";
export { unreadCounts } from "./unread-counts.ts";
