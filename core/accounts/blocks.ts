import { and, eq, or, type SQLWrapper, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { conversationBlocks } from "../../db/schema/index.ts";

/*
 * Who blocked whom: a relation between two accounts, made and undone in a conversation
 * (core/conversations/safety.ts), that ends all contact between them — messages (core/conversations/write-message.ts)
 * and bookings of each other's laptops (core/orders/book.ts).
 */

/** Whether either person blocked the other, as an expression (booking reads it with the laptop it locks). */
export const blockedEitherWay = (a: SQLWrapper | string, b: SQLWrapper | string) => sql<boolean>`exists (
    select 1 from ${conversationBlocks}
    where (${conversationBlocks.blockerId} = ${a} and ${conversationBlocks.blockedId} = ${b})
       or (${conversationBlocks.blockerId} = ${b} and ${conversationBlocks.blockedId} = ${a}))`;

/** Which of the two blocked the other, if either: then neither writes to the other, in any conversation. */
export async function blockBetween(tx: Db | Tx, a: string, b: string): Promise<{ byA: boolean; byB: boolean }> {
  const rows = await tx
    .select({ blockerId: conversationBlocks.blockerId })
    .from(conversationBlocks)
    .where(
      or(
        and(eq(conversationBlocks.blockerId, a), eq(conversationBlocks.blockedId, b)),
        and(eq(conversationBlocks.blockerId, b), eq(conversationBlocks.blockedId, a)),
      ),
    );
  return { byA: rows.some((r) => r.blockerId === a), byB: rows.some((r) => r.blockerId === b) };
}
