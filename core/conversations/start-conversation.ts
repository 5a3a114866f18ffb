import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { adverts, conversations, users } from "../../db/schema/index.ts";
import { CONVERSATION_MESSAGES as M } from "../../schemas/conversation-labels.ts";
import type { StartConversationInput } from "../../schemas/conversations.ts";
import { canBuy, type SessionUser } from "../accounts/index.ts";
import { AppError } from "../errors.ts";
import { isPublic } from "../orders/index.ts";
import type { MessageLimiter } from "./limits.ts";
import { writeMessage } from "./write-message.ts";

/** The conversation this buyer already has about this laptop, if any. */
export async function findConversation(db: Db | Tx, actor: SessionUser, advertId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.advertId, advertId), eq(conversations.buyerId, actor.id)));
  return row?.id ?? null;
}

/**
 * "Message seller": the one conversation about this laptop between this buyer and its seller, with a
 * first (or next) message. Pressing it again finds the same conversation; only a new one counts
 * against the hourly limit of new conversations.
 */
export async function startConversation(
  db: Db | Tx,
  limits: MessageLimiter,
  actor: SessionUser,
  { advertId, body }: StartConversationInput,
): Promise<{ id: string }> {
  if (!canBuy(actor)) throw new AppError("FORBIDDEN", M.admins);
  const [advert] = await db
    .select({ sellerId: adverts.sellerId, status: adverts.status, sellerGone: users.deactivatedAt })
    .from(adverts)
    .innerJoin(users, eq(users.id, adverts.sellerId))
    .where(eq(adverts.id, advertId));
  if (!advert || !isPublic(advert.status)) throw new AppError("NOT_FOUND", M.laptopNotFound);
  if (advert.sellerId === actor.id) throw new AppError("CONFLICT", M.ownLaptop, { body: M.ownLaptop });
  if (advert.sellerGone) throw new AppError("CONFLICT", M.deleted, { body: M.deleted });
  const existing = await findConversation(db, actor, advertId);
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
}
