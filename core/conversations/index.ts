/**
 * Conversations: buyers ask sellers about a laptop and sellers answer, live (server-sent events fed by
 * LISTEN/NOTIFY, decision 9); blocking, reporting to admins, limits on messages and new conversations,
 * the "new message" notice; and a seller's typical reply time for the trust panel.
 */
export { type Conversations, createConversations } from "./conversations.ts";
export { INBOX_PAGE_SIZE } from "./inbox.ts";
export { createMessageLimits, DEFAULT_MESSAGE_LIMITS, type MessageLimiter, type MessageLimits } from "./limits.ts";
export { CONVERSATIONS_CHANNEL, createLiveMessages, type LiveMessages, type MessagesHandler } from "./live.ts";
export { type ReplyTime, typicalReplyTime } from "./reply-time.ts";
export { EMAIL_EVERY_MS, preview } from "./send.ts";
export { THREAD_PAGE_SIZE } from "./thread.ts";
