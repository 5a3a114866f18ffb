import { sql } from "drizzle-orm";
import { SALE_STATUSES } from "../../core/orders/index.ts";
import type { Db } from "../../db/client.ts";

/** An order whose laptop is sold to its buyer, as SQL: paid, handed over, disputed, being refunded, or final. */
const SOLD_TO_BUYER = SALE_STATUSES.map((status) => `'${status}'`).join(", ");

/**
 * What the money must agree with, read from the database itself: the orders, our payment records and
 * the simulated provider's own ledger. Used by the integration tests and by every money drill.
 */
const INVARIANTS: [rule: string, query: string][] = [
  [
    "a sold laptop has exactly one paid order",
    `select a.id from adverts a where a.status = 'sold' and (select count(*) from orders o
     where o.advert_id = a.id and o.status in (${SOLD_TO_BUYER})) <> 1`,
  ],
  [
    "a paid order's laptop is sold",
    `select o.id from orders o join adverts a on a.id = o.advert_id
     where o.status in (${SOLD_TO_BUYER}) and a.status <> 'sold'`,
  ],
  [
    "a paid order has its payment recorded, at its total (the laptop and its shipping)",
    `select o.id from orders o where o.status in (${SOLD_TO_BUYER}) and not exists (
     select 1 from payments p where p.order_id = o.id and p.status = 'succeeded'
       and p.price_cents = o.price_cents + o.shipping_cents)`,
  ],
  [
    "a card is charged its order's total, the laptop and its shipping",
    `select c.id from sim_charges c join sim_payment_intents i on i.id = c.intent_id
     join orders o on o.id = i.order_id where c.amount_cents <> o.price_cents + o.shipping_cents`,
  ],
  [
    "a refunded order's payment is refunded",
    `select o.id from orders o join payments p on p.order_id = o.id
     where o.status = 'refunded' and p.status <> 'refunded'`,
  ],
  [
    "every card charge belongs to a paid order or was refunded in full",
    `select c.id from sim_charges c join sim_payment_intents i on i.id = c.intent_id
     left join orders o on o.id = i.order_id
     where c.amount_refunded_cents < c.amount_cents and coalesce(o.status, '') not in (${SOLD_TO_BUYER})`,
  ],
  [
    "a charge refunded in full always means a refunded order, never one the buyer keeps",
    `select c.id from sim_charges c join sim_payment_intents i on i.id = c.intent_id
     join orders o on o.id = i.order_id
     left join payments p on p.transaction_id = c.id
     where c.amount_refunded_cents = c.amount_cents
       and (o.status in ('paid', 'handed_over', 'disputed', 'completed')
         or (p.id is not null and (p.status <> 'refunded' or o.status <> 'refunded')))`,
  ],
  [
    "a completed order has no refund pending: what it returned is what the provider returned, and recorded",
    `select o.id from orders o join payments p on p.order_id = o.id join sim_charges c on c.id = p.transaction_id
     where o.status = 'completed' and c.amount_refunded_cents <> coalesce(p.refund_cents, 0)
     union all select o.id from orders o join payments p on p.order_id = o.id
     where o.status = 'completed' and p.refund_cents is not null and p.refund_id is null`,
  ],
  [
    "a disputed order's money has not moved until decided",
    `select o.id from orders o join payments p on p.order_id = o.id
     left join sim_charges c on c.id = p.transaction_id
     where o.status = 'disputed'
       and (p.status <> 'succeeded' or p.refund_cents is not null or coalesce(c.amount_refunded_cents, 0) > 0)`,
  ],
  [
    "a charge refunded in part is a completed sale whose payment records that part",
    `select c.id from sim_charges c join sim_payment_intents i on i.id = c.intent_id
     join orders o on o.id = i.order_id
     left join payments p on p.transaction_id = c.id
     where c.amount_refunded_cents > 0 and c.amount_refunded_cents < c.amount_cents
       and (o.status <> 'completed' or p.status <> 'succeeded' or p.refund_cents is distinct from c.amount_refunded_cents)`,
  ],
  [
    "a refunded amount never exceeds what was charged",
    `select c.id from sim_charges c where c.amount_refunded_cents > c.amount_cents
     union all select p.id::text from payments p where p.refund_cents > p.price_cents or p.refund_cents <= 0`,
  ],
  // The ledger (core/ledger): balanced, never negative where it cannot be, and agreeing with orders and providers.
  [
    "every ledger group sums to zero",
    `select group_id from ledger_entries group by group_id having sum(amount_cents) <> 0`,
  ],
  [
    "no seller's available balance is negative",
    `select seller_id from ledger_entries where account = 'seller_available'
     group by seller_id having sum(amount_cents) > 0`,
  ],
  [
    "a paid order's fee is the rule in force when it was paid",
    `select o.id from orders o where o.fee_cents is distinct from (case when o.fee_basis_points is null then null else
       least(o.price_cents + o.shipping_cents,
             round((o.price_cents + o.shipping_cents) * o.fee_basis_points / 10000.0) + o.fee_fixed_cents) end)
       or (o.fee_cents is null and exists (select 1 from payments p where p.order_id = o.id))`,
  ],
  [
    "a payment is in the ledger at its charge, once",
    `select p.id from payments p where p.price_cents is distinct from (select sum(e.amount_cents) from ledger_entries e
       where e.order_id = p.order_id and e.account = 'clearing' and e.movement = 'pay')`,
  ],
  [
    "what the ledger returned to a buyer is what the card provider returned",
    `select o.id from orders o join payments p on p.order_id = o.id join sim_charges c on c.id = p.transaction_id
     where o.status <> 'refunding' and c.amount_refunded_cents <> -coalesce((select sum(e.amount_cents)
       from ledger_entries e where e.order_id = o.id and e.account = 'clearing'
         and e.movement in ('refund', 'refundInPart', 'providerRefund')), 0)`,
  ],
  [
    "an order waiting for its handover, in its window or disputed owes its seller their whole share, pending",
    `select o.id from orders o where o.status in ('paid', 'handed_over', 'disputed') and (
       coalesce((select -sum(amount_cents) from ledger_entries e where e.order_id = o.id and e.account = 'seller_pending'), 0)
         <> o.price_cents + o.shipping_cents - o.fee_cents
       or exists (select 1 from ledger_entries e where e.order_id = o.id and e.account = 'seller_available'))`,
  ],
  [
    "a refunded order holds nothing for its seller or for ReLaptop",
    `select o.id from orders o where o.status = 'refunded' and exists (select 1 from ledger_entries e
       where e.order_id = o.id and e.account in ('seller_pending', 'seller_available', 'platform_fees', 'refunds')
       group by e.account having sum(e.amount_cents) <> 0)`,
  ],
  [
    "a completed order's share is no longer pending",
    `select o.id from orders o where o.status = 'completed' and exists (select 1 from ledger_entries e
       where e.order_id = o.id and e.account = 'seller_pending' having sum(e.amount_cents) <> 0)`,
  ],
  [
    "every seller's pending, available, on its way and paid out adds up to what their orders earned",
    `with earned as (
       select o.seller_id, sum(case
         when o.status in ('paid', 'handed_over', 'disputed') then o.price_cents + o.shipping_cents - o.fee_cents
         when o.status = 'completed' and p.refund_cents is null then o.price_cents + o.shipping_cents - o.fee_cents
         when o.status = 'completed' then (o.price_cents + o.shipping_cents - p.refund_cents) - least(o.fee_cents,
           least(o.price_cents + o.shipping_cents - p.refund_cents,
             round((o.price_cents + o.shipping_cents - p.refund_cents) * o.fee_basis_points / 10000.0) + o.fee_fixed_cents))
         else 0 end) as cents
       from orders o join payments p on p.order_id = o.id group by o.seller_id),
     held as (
       select seller_id, -coalesce(sum(amount_cents) filter (where account in ('seller_pending', 'seller_available', 'payouts')), 0)
         + coalesce(sum(amount_cents) filter (where account = 'payouts' and movement = 'payoutSent'), 0)
         - coalesce(sum(amount_cents) filter (where account = 'reversals' and movement = 'providerRefund'), 0) as cents
       from ledger_entries where seller_id is not null group by seller_id)
     select coalesce(e.seller_id, h.seller_id) from earned e full join held h on h.seller_id = e.seller_id
     where coalesce(e.cents, 0) <> coalesce(h.cents, 0)`,
  ],
  [
    "an order is paid out at most once, and only what its seller earned",
    `select p.order_id from payouts p join ledger_entries e on e.order_id = p.order_id and e.movement = 'payoutStarted'
       and e.account = 'payouts' group by p.order_id, p.amount_cents having count(*) > 1 or -sum(e.amount_cents) <> p.amount_cents`,
  ],
  [
    "the simulated payout provider's transfers are the ledger's, line by line",
    `select t.id from sim_transfers t left join payouts p on 'payout:' || p.id = t.idempotency_key
     where p.id is null or p.amount_cents <> t.amount_cents or p.transfer_id is distinct from t.id
       or p.reversed_cents <> t.reversed_cents`,
  ],
  [
    "an order is charged at most once",
    `select i.order_id from sim_charges c join sim_payment_intents i on i.id = c.intent_id
     group by i.order_id having count(*) > 1`,
  ],
];

/** Each broken invariant with how many rows break it; empty when the money agrees. */
export async function brokenMoneyInvariantsIn(db: Db): Promise<string[]> {
  const broken: string[] = [];
  for (const [rule, query] of INVARIANTS) {
    const { rows } = (await db.execute(sql.raw(query))) as unknown as { rows: unknown[] };
    if (rows.length > 0) broken.push(`${rule} (${rows.length} rows break it)`);
  }
  return broken;
}
