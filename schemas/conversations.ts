import { z } from "zod";
import { CONVERSATION_MESSAGES as M, MESSAGE_MAX_LENGTH } from "./conversation-labels.ts";
import { keysetPage, keysetPageQuery } from "./keyset-pages.ts";
import { requiredText } from "./text-fields.ts";
import { ADVERT_STATUSES, REPORT_REASONS } from "./values.ts";

export * from "./conversation-labels.ts";

/**
 * Conversations' requests and replies: the API validates with them and the OpenAPI document is generated
 * from them; the pages' forms use the same ones. The rules themselves are core/conversations.
 */

/**
 * Plain text: kept as typed but for the spaces around it, and refused when nothing visible is left
 * (text-fields.ts); counted in characters as PostgreSQL counts them.
 */
export const messageBodySchema = requiredText(M.empty).refine((s) => [...s].length <= MESSAGE_MAX_LENGTH, M.tooLong);

export const sendMessageSchema = z.object({ body: messageBodySchema });
export const startConversationSchema = z.object({
  advertId: z.uuid({ error: M.laptopNotFound }),
  body: messageBodySchema,
});
export type StartConversationInput = z.infer<typeof startConversationSchema>;

/** The reasons a conversation may be reported for (those of adverts that fit a conversation). */
export const REPORT_REASONS_FOR_CONVERSATIONS = REPORT_REASONS.filter(
  (r) => r !== "Wrong or misleading details" && r !== "Prohibited item",
);
export const reportConversationSchema = z.object({ reason: z.enum(REPORT_REASONS, { error: "Choose a reason" }) });

export const inboxQuery = keysetPageQuery;
export const threadQuery = z.object({
  before: z.string().max(200).optional().meta({ description: "The cursor of older messages (`older` of a reply)" }),
});

/* ── Replies ─────────────────────────────────────────────────────────────── */

const person = z.object({ id: z.string(), name: z.string() });

/** One row of the inbox. */
export const conversationSummarySchema = z
  .object({
    id: z.uuid(),
    advert: z.object({ id: z.uuid(), name: z.string(), imageUrl: z.string() }),
    other: person.meta({ description: "The other person in the conversation" }),
    role: z.enum(["buyer", "seller"]).meta({ description: "My side in it" }),
    lastMessageAt: z.string(),
    preview: z.string().meta({ description: "The last message's first words" }),
    lastFromMe: z.boolean(),
    unread: z.int().min(0),
  })
  .meta({ id: "ConversationSummary" });
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const inboxSchema = keysetPage(conversationSummarySchema);
export type InboxPage = z.infer<typeof inboxSchema>;

export const messageSchema = z
  .object({
    id: z.uuid(),
    sender: person,
    mine: z.boolean(),
    body: z.string().meta({ description: "Plain text: show it as text, never as HTML" }),
    createdAt: z.string(),
    seen: z.boolean().meta({ description: "My message, opened by the other person since" }),
  })
  .meta({ id: "Message" });
export type MessageView = z.infer<typeof messageSchema>;

export const threadSchema = z
  .object({
    id: z.uuid(),
    viewer: z.enum(["buyer", "seller", "admin"]),
    advert: z.object({
      id: z.uuid(),
      name: z.string(),
      imageUrl: z.string(),
      priceCents: z.int(),
      status: z.enum(ADVERT_STATUSES),
    }),
    buyer: person,
    seller: person,
    messages: z
      .array(messageSchema)
      .meta({ description: "Oldest to newest (the newest 50, or those before `before`)" }),
    older: z.string().nullable().meta({ description: "The cursor of older messages; null when these are the first" }),
    canWrite: z.boolean(),
    notice: z
      .string()
      .nullable()
      .meta({ description: "Why no one can write here any more (a block, a deleted account)" }),
    blockedByMe: z.boolean(),
    reportedByMe: z.boolean(),
    openReports: z
      .int()
      .min(0)
      .meta({ description: "Reports no admin has dismissed yet, for an admin; always 0 for its two people" }),
  })
  .meta({ id: "Conversation" });
export type ThreadView = z.infer<typeof threadSchema>;

export const startedSchema = z.object({ id: z.uuid() });
export const unreadMessagesSchema = z.object({ unread: z.int().min(0) });
