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
    "a completed order has no refund pending: what it returned is what the provider returned",
    `select o.id from orders o join payments p on p.order_id = o.id join sim_charges c on c.id = p.transaction_id
     where o.status = 'completed' and c.amount_refunded_cents <> coalesce(p.refund_cents, 0)`,
  ],
  [
    "a disputed order's money has not moved until decided",
    `select o.id from orders o join payments p on p.order_id = o.id
     left join sim_charges c on c.id = p.transaction_id
     where o.status = 'disputed' and (p.status <> 'succeeded' or coalesce(c.amount_refunded_cents, 0) > 0)`,
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
  [
    "a completed order has no refund pending",
    `select o.id from orders o join payments p on p.order_id = o.id
     where o.status = 'completed' and p.refund_cents is not null and p.refund_id is null`,
  ],
  [
    "a disputed order's money has not moved until decided",
    `select o.id from orders o join payments p on p.order_id = o.id
     left join sim_charges c on c.id = p.transaction_id
     where o.status = 'disputed' and (p.refund_cents is not null or coalesce(c.amount_refunded_cents, 0) > 0)`,
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
