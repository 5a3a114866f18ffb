/** Conversations between a buyer and a seller (core/conversations). */
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { REPORT_REASONS } from "../../schemas/values.ts";
import { userRef } from "./accounts.ts";
import { adverts } from "./catalogue.ts";
import { createdAt, uuidPrimaryKey, uuidRef } from "./columns.ts";

/**
 * One conversation per laptop and buyer, with its seller. What the inbox shows is kept on the row, written
 * with each message in its transaction: the last message's time, words and writer, and each side's unread
 * count and last reading (read receipts), so the inbox is one indexed read with no per-row query.
 */
export const conversations = pgTable(
  "conversations",
  {
    id: uuidPrimaryKey(),
    advertId: uuidRef("advert_id", () => adverts.id, "restrict"),
    buyerId: userRef("buyer_id", "restrict"),
    sellerId: userRef("seller_id", "restrict"),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    lastSenderId: text("last_sender_id"),
    /** The last message's first words, for the inbox. */
    lastPreview: text("last_preview").notNull().default(""),
    buyerUnread: integer("buyer_unread").notNull().default(0),
    sellerUnread: integer("seller_unread").notNull().default(0),
    /** When each side last opened the conversation: the other side's messages up to then are "Seen". */
    buyerReadAt: timestamp("buyer_read_at", { withTimezone: true, precision: 3 }),
    sellerReadAt: timestamp("seller_read_at", { withTimezone: true, precision: 3 }),
    /** The last email about a new message to each side: at most one per 15 minutes. */
    buyerEmailedAt: timestamp("buyer_emailed_at", { withTimezone: true, precision: 3 }),
    sellerEmailedAt: timestamp("seller_emailed_at", { withTimezone: true, precision: 3 }),
    /** First reported: from then on admins may read the thread (never before). */
    reportedAt: timestamp("reported_at", { withTimezone: true, precision: 3 }),
    createdAt: createdAt(),
  },
  (t) => [
    check("conversations_not_with_self_check", sql`${t.buyerId} <> ${t.sellerId}`),
    uniqueIndex("conversations_advert_buyer_idx").on(t.advertId, t.buyerId),
    // The inbox, newest activity first, in keyset pages: one index per side of the conversation.
    index("conversations_buyer_inbox_idx").on(t.buyerId, t.lastMessageAt.desc(), t.id.desc()),
    index("conversations_seller_inbox_idx").on(t.sellerId, t.lastMessageAt.desc(), t.id.desc()),
    // The top bar's unread count reads only the conversations with something unread.
    index("conversations_buyer_unread_idx").on(t.buyerId).where(sql`${t.buyerUnread} > 0`),
    index("conversations_seller_unread_idx").on(t.sellerId).where(sql`${t.sellerUnread} > 0`),
    index("conversations_reported_idx").on(t.reportedAt).where(sql`${t.reportedAt} is not null`),
  ],
);

export const messages = pgTable(
  "messages",
  {
    id: uuidPrimaryKey(),
    conversationId: uuidRef("conversation_id", () => conversations.id, "cascade"),
    senderId: userRef("sender_id", "restrict"),
    /** Plain text, shown as text (never as HTML). */
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("messages_body_length_check", sql`char_length(${t.body}) between 1 and 2000`),
    index("messages_conversation_idx").on(t.conversationId, t.createdAt.desc(), t.id.desc()),
  ],
);

/** A person who no longer wants messages from another: none either way, in any conversation. */
export const conversationBlocks = pgTable(
  "conversation_blocks",
  {
    blockerId: userRef("blocker_id", "cascade"),
    blockedId: userRef("blocked_id", "cascade"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index("conversation_blocks_blocked_idx").on(t.blockedId),
  ],
);

/** A party's report of a conversation, for admins' Reported Items; once per reporter and conversation. */
export const conversationReports = pgTable(
  "conversation_reports",
  {
    id: uuidPrimaryKey(),
    conversationId: uuidRef("conversation_id", () => conversations.id, "cascade"),
    reporterId: userRef("reporter_id", "restrict"),
    reason: text("reason", { enum: REPORT_REASONS }).notNull(),
    /** open → dismissed (an admin read it). The thread stays readable to admins either way. */
    status: text("status", { enum: ["open", "dismissed"] })
      .notNull()
      .default("open"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("conversation_reports_once_idx").on(t.conversationId, t.reporterId),
    index("conversation_reports_open_idx").on(t.createdAt).where(sql`${t.status} = 'open'`),
  ],
);
