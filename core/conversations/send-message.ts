import { and, eq, or } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { conversations } from "../../db/schema/index.ts";
import type { SessionUser } from "../accounts/index.ts";
import type { MessageLimiter } from "./limits.ts";
import { conversationNotFound } from "./not-found.ts";
import { writeMessage } from "./write-message.ts";

/** A message in a conversation of one's own (anyone else's is "not found"). */
export async function sendMessage(
  db: Db | Tx,
  limits: MessageLimiter,
  actor: SessionUser,
  conversationId: string,
  body: string,
): Promise<{ id: string; createdAt: string }> {
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
}
