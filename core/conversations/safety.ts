import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { conversationBlocks, conversations } from "../../db/schema/index.ts";
import type { SessionUser } from "../accounts/index.ts";
import { announce } from "./live.ts";
import { conversationNotFound } from "./not-found.ts";

/**
 * What either person can do about the other: block them (no more messages either way, in any of their
 * conversations) and report the conversation to admins (core/moderation's report queue), who may read it
 * from then on.
 */

/** One of the conversation's two people, and the other; anyone else is told it does not exist. */
export async function asParty(db: Db | Tx, actor: SessionUser, conversationId: string) {
  const [c] = await db
    .select({ id: conversations.id, buyerId: conversations.buyerId, sellerId: conversations.sellerId })
    .from(conversations)
    .where(eq(conversations.id, conversationId));
  if (!c || (c.buyerId !== actor.id && c.sellerId !== actor.id)) throw conversationNotFound();
  return { ...c, otherId: c.buyerId === actor.id ? c.sellerId : c.buyerId };
}

export async function block(db: Db | Tx, actor: SessionUser, conversationId: string) {
  const c = await asParty(db, actor, conversationId);
  await db.transaction(async (tx) => {
    await tx.insert(conversationBlocks).values({ blockerId: actor.id, blockedId: c.otherId }).onConflictDoNothing();
    await announce(tx, [c.buyerId, c.sellerId], c.id);
  });
}

/** Only the one who blocked can lift it. */
export async function unblock(db: Db | Tx, actor: SessionUser, conversationId: string) {
  const c = await asParty(db, actor, conversationId);
  await db.transaction(async (tx) => {
    await tx
      .delete(conversationBlocks)
      .where(and(eq(conversationBlocks.blockerId, actor.id), eq(conversationBlocks.blockedId, c.otherId)));
    await announce(tx, [c.buyerId, c.sellerId], c.id);
  });
}

/** Reported: admins may read it from now on (core/conversations/thread.ts), even once its reports are dismissed. */
export async function markReported(tx: Db | Tx, conversationId: string) {
  await tx
    .update(conversations)
    .set({ reportedAt: sql`coalesce(${conversations.reportedAt}, now())` })
    .where(eq(conversations.id, conversationId));
}
