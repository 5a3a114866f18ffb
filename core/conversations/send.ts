import { and, eq, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { adverts, conversations, messages, users } from "../../db/schema/index.ts";
import { CONVERSATION_MESSAGES as M } from "../../schemas/conversation-labels.ts";
import type { StartConversationInput } from "../../schemas/conversations.ts";
import { blockBetween, canBuy, type SessionUser } from "../accounts/index.ts";
import { AppError } from "../errors.ts";
import { notify } from "../notifications/index.ts";
import { isPublic } from "../orders/index.ts";
import type { MessageLimiter } from "./limits.ts";
import { announce } from "./live.ts";
import { assertConversationId, conversationNotFound } from "./not-found.ts";

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
async function writeMessage(tx: Tx, conversation: Conversation, sender: SessionUser, body: string) {
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

/** Starting and writing in conversations: the rules are here, the limits in limits.ts. */
export function createSending({ db, limits }: { db: Db; limits: MessageLimiter }) {
  /** The conversation this buyer already has about this laptop, if any. */
  async function findFor(actor: SessionUser, advertId: string): Promise<string | null> {
    const [row] = await db
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.advertId, advertId), eq(conversations.buyerId, actor.id)));
    return row?.id ?? null;
  }

  return {
    findFor,

    /**
     * "Message seller": the one conversation about this laptop between this buyer and its seller, with a
     * first (or next) message. Pressing it again finds the same conversation; only a new one counts
     * against the hourly limit of new conversations.
     */
    async start(actor: SessionUser, { advertId, body }: StartConversationInput): Promise<{ id: string }> {
      if (!canBuy(actor)) throw new AppError("FORBIDDEN", M.admins);
      const [advert] = await db
        .select({ sellerId: adverts.sellerId, status: adverts.status, sellerGone: users.deactivatedAt })
        .from(adverts)
        .innerJoin(users, eq(users.id, adverts.sellerId))
        .where(eq(adverts.id, advertId));
      if (!advert || !isPublic(advert.status)) throw new AppError("NOT_FOUND", M.laptopNotFound);
      if (advert.sellerId === actor.id) throw new AppError("CONFLICT", M.ownLaptop, { body: M.ownLaptop });
      if (advert.sellerGone) throw new AppError("CONFLICT", M.deleted, { body: M.deleted });
      const existing = await findFor(actor, advertId);
      await limits.message(actor.id);
      if (!existing) await limits.newConversation(actor.id);
      return db.transaction(async (tx) => {
        // Two first messages at once (two tabs): one conversation, both messages in it.
        await tx
          .insert(conversations)
          .values({ advertId, buyerId: actor.id, sellerId: advert.sellerId })
          .onConflictDoNothing();
        const [conversation] = await tx
          .select()
          .from(conversations)
          .where(and(eq(conversations.advertId, advertId), eq(conversations.buyerId, actor.id)))
          .for("update");
        if (!conversation) throw new Error("conversation not written");
        await writeMessage(tx, conversation, actor, body);
        return { id: conversation.id };
      });
    },

    /** A message in a conversation of one's own (anyone else's is "not found"). */
    async send(actor: SessionUser, conversationId: string, body: string) {
      // Before the limit: a page's form may carry any id, and a wrong one costs no message.
      assertConversationId(conversationId);
      await limits.message(actor.id);
      const message = await db.transaction(async (tx) => {
        const [conversation] = await tx
          .select()
          .from(conversations)
          .where(
            and(
              eq(conversations.id, conversationId),
              or(eq(conversations.buyerId, actor.id), eq(conversations.sellerId, actor.id)),
            ),
          )
          .for("update");
        if (!conversation) throw conversationNotFound();
        return writeMessage(tx, conversation, actor, body);
      });
      return { id: message.id, createdAt: message.createdAt.toISOString() };
    },
  };
}
