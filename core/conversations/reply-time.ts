import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";

export interface ReplyTime {
  /** The median wait, in milliseconds; null when the seller has answered no one yet. */
  medianMs: number | null;
  /** How many answers it is the median of. */
  replies: number;
}

/**
 * A seller's typical reply time, for the trust panel: over all their conversations, each time a buyer
 * wrote while nothing of theirs was answered (the first of their unanswered messages starts the clock),
 * the time until the seller's next message; the median of those waits. Messages the seller has not
 * answered yet count for nothing (they would make a new seller look slow, or fast, by accident).
 */
export async function typicalReplyTime(db: Db | Tx, sellerId: string): Promise<ReplyTime> {
  const result = await db.execute<{ median_ms: number | null; replies: number }>(sql`
    with ordered as (
      select m.conversation_id, m.created_at, m.sender_id = c.seller_id as from_seller,
             lag(m.sender_id = c.seller_id) over (partition by m.conversation_id order by m.created_at, m.id) as after_seller
      from conversations c
      join messages m on m.conversation_id = c.id
      where c.seller_id = ${sellerId}
    ),
    -- each turn's first message: a buyer's starts the clock, the seller's stops it
    turns as (
      select conversation_id, created_at, from_seller,
             lag(created_at) over (partition by conversation_id order by created_at) as turn_started
      from ordered
      where after_seller is distinct from from_seller
    )
    select (percentile_cont(0.5) within group (order by extract(epoch from created_at - turn_started) * 1000))::float8 as median_ms,
           count(*)::int as replies
    from turns
    where from_seller and turn_started is not null`);
  const row = (result as unknown as { rows: { median_ms: number | null; replies: number }[] }).rows[0];
  return {
    medianMs: row?.median_ms === null || row?.median_ms === undefined ? null : Math.round(Number(row.median_ms)),
    replies: Number(row?.replies ?? 0),
  };
}
