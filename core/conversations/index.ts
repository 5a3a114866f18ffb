/**
 * Conversations: buyers ask sellers about a laptop and sellers answer, live (server-sent events fed by
 * LISTEN/NOTIFY, decision 9). A conversation is private to its two people; admins read one only once it was
 * reported. Blocking, reporting to admins, limits on messages and new conversations, the "new message"
 * notice; and a seller's typical reply time for the trust panel. One verb per file, each taking the database
 * (the quick reads' handle where it reads by them), the limiter where it counts, the actor and the input.
 */
export { inbox, unreadMessages } from "./inbox.ts";
export { createMessageLimits, type MessageLimiter, type MessageLimits } from "./limits.ts";
export { createLiveMessages, type LiveMessages } from "./live.ts";
export { openConversation } from "./open-conversation.ts";
export { type ReplyTime, typicalReplyTime } from "./reply-time.ts";
// For the report queue (core/moderation): who may report a conversation, and what a report changes here.
export { asParty, block, markReported, unblock } from "./safety.ts";
export { sendMessage } from "./send-message.ts";
export { findConversation, startConversation } from "./start-conversation.ts";
export { unreadCounts } from "./unread-counts.ts";
