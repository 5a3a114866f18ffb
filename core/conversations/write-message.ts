import { eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { adverts, conversations, messages, users } from "../../db/schema/index.ts";
import { CONVERSATION_MESSAGES as M } from "../../schemas/conversation-labels.ts";
import { blockBetween, type SessionUser } from "../accounts/index.ts";
import { AppError } from "../errors.ts";
import { notify } from "../notifications/index.ts";
import { announce } from "./live.ts";

/** How often a conversation may email each side about new messages. */
export const EMAIL_EVERY_MS = 15 * 60_000;
const PREVIEW_LENGTH = 140;

type Conversation = typeof conversations.$inferSelect;

/** The first words of a message, on one line, for the inbox and the notice. */
export const preview = (body: string) => {
  const line = body.replace(/\s+/g, " ").trim();
  const chars = [...line];
  return chars.length > PREVIEW_LENGTH ? `${chars.slice(0, PREVIEW_LENGTH - 1).join("")}…` : line;
};

/**
 * One message, with its consequences, in the caller's transaction (the conversation row locked): the
 * inbox's row (last activity, first words, the other side's unread count, the writer's reading), the
 * other person's notice — in the app for the first unread message, by email at most every 15 minutes —
 * and the live update of both people's open pages on commit.
 */
export async function writeMessage(tx: Tx, conversation: Conversation, sender: SessionUser, body: string) {
  const senderIsBuyer = conversation.buyerId === sender.id;
  const otherId = senderIsBuyer ? conversation.sellerId : conversation.buyerId;
  const [other] = await tx.select({ deactivatedAt: users.deactivatedAt }).from(users).where(eq(users.id, otherId));
  if (!other || other.deactivatedAt) throw new AppError("CONFLICT", M.deleted, { body: M.deleted });
  const block = await blockBetween(tx, sender.id, otherId);
  if (block.byA || block.byB) throw new AppError("FORBIDDEN", M.blocked, { body: M.blocked });

  const [message] = await tx
    .insert(messages)
    .values({ conversationId: conversation.id, senderId: sender.id, body })
    .returning({ id: messages.id, createdAt: messages.createdAt });
  if (!message) throw new Error("message not written");
  const otherUnread = senderIsBuyer ? conversation.sellerUnread : conversation.buyerUnread;
  const otherEmailedAt = senderIsBuyer ? conversation.sellerEmailedAt : conversation.buyerEmailedAt;
  const email = !otherEmailedAt || message.createdAt.getTime() - otherEmailedAt.getTime() >= EMAIL_EVERY_MS;
  const side = senderIsBuyer
    ? {
        sellerUnread: sql`${conversations.sellerUnread} + 1`,
        buyerUnread: 0,
        buyerReadAt: message.createdAt,
        ...(email && { sellerEmailedAt: message.createdAt }),
      }
    : {
        buyerUnread: sql`${conversations.buyerUnread} + 1`,
        sellerUnread: 0,
        sellerReadAt: message.createdAt,
        ...(email && { buyerEmailedAt: message.createdAt }),
      };
  await tx
    .update(conversations)
    .set({ lastMessageAt: message.createdAt, lastSenderId: sender.id, lastPreview: preview(body), ...side })
    .where(eq(conversations.id, conversation.id));

  if (otherUnread === 0 || email) {
    const [advert] = await tx.select({ name: adverts.name }).from(adverts).where(eq(adverts.id, conversation.advertId));
    await notify(tx, "message.new", {
      recipientId: otherId,
      params: {
        conversationId: conversation.id,
        productName: advert?.name ?? "a laptop",
        senderName: sender.name,
        preview: preview(body),
      },
      inApp: otherUnread === 0,
      email,
    });
  }
  await announce(tx, [sender.id, otherId], conversation.id);
  return message;
}
