import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { descAsIndexed } from "../../db/order.ts";
import { conversations } from "../../db/schema/index.ts";

export interface ReplyTime {
  /** The median wait, in milliseconds; null when the seller has answered no one yet. */
  medianMs: number | null;
  /** How many answers it is the median of. */
  replies: number;
}

/** The conversations a typical reply time is read from: the seller's latest answered, so it says how they answer now. */
export const RECENT_CONVERSATIONS = 100;

/**
 * A seller's typical reply time, for the trust panel: over their `recent` latest conversations they have
 * answered at least once (by last activity, from the inbox's index: a laptop page of an outlet with thousands of conversations reads no
 * more than one of a new seller), each time a buyer wrote while nothing of theirs was answered (the first
 * of their unanswered messages starts the clock), the time until the seller's next message; the median of
 * those waits. Messages the seller has not answered yet count for nothing (they would make a new seller
 * look slow, or fast, by accident).
 */
export async function typicalReplyTime(
  db: Db | Tx,
  sellerId: string,
  recent = RECENT_CONVERSATIONS,
): Promise<ReplyTime> {
  const result = await db.execute<{ median_ms: number | null; replies: number }>(sql`
    with latest as (
      select c.id, c.seller_id from ${conversations} c
      where c.seller_id = ${sellerId}
        -- answered at least once: a burst of new questions does not push every answer out
        and exists (select 1 from messages a where a.conversation_id = c.id and a.sender_id = c.seller_id)
      order by ${descAsIndexed(sql`c.last_message_at`)}, ${descAsIndexed(sql`c.id`)}
      limit ${recent}
    ),
    ordered as (
      select m.conversation_id, m.created_at, m.sender_id = c.seller_id as from_seller,
             lag(m.sender_id = c.seller_id) over (partition by m.conversation_id order by m.created_at, m.id) as after_seller
      from latest c
      join messages m on m.conversation_id = c.id
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
