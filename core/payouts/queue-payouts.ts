import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { post } from "../ledger/index.ts";

/** At most this many orders per run: a larger backlog drains over the next runs. */
const BATCH = 500;

/**
 * Starts a payout for each completed order whose seller share is available and whose seller's payout account is
 * active (one seller's only, when given): a payout row (the transfer's idempotency key) and the ledger group
 * moving the share from available to `payouts`, in one transaction. An order has at most one payout (a unique
 * index), so two runs at once start it once. Returns how many it started.
 */
export async function queuePayouts(q: Db | Tx, providerName: string, sellerId?: string): Promise<number> {
  return q.transaction(async (tx) => {
    const { rows } = (await tx.execute(sql`
      with available as (
        select e.order_id, e.seller_id, -sum(e.amount_cents) as amount
        from ledger_entries e
        join payout_accounts a on a.seller_id = e.seller_id and a.status = 'active'
        where e.account = 'seller_available' and e.seller_id is not null
          ${sellerId ? sql`and e.seller_id = ${sellerId}` : sql``}
        group by e.order_id, e.seller_id
        having sum(e.amount_cents) < 0
        limit ${BATCH}
      )
      insert into payouts (order_id, seller_id, amount_cents, provider)
      select order_id, seller_id, amount, ${providerName} from available
      on conflict (order_id) do nothing
      returning order_id as "orderId", seller_id as "sellerId", amount_cents as "amountCents"`)) as unknown as {
      rows: { orderId: string; sellerId: string; amountCents: number }[];
    };
    await post(
      tx as Tx,
      "payoutStarted",
      rows.map((p) => [
        { account: "seller_available", amountCents: p.amountCents, sellerId: p.sellerId, orderId: p.orderId },
        { account: "payouts", amountCents: -p.amountCents, sellerId: p.sellerId, orderId: p.orderId },
      ]),
    );
    return rows.length;
  });
}
