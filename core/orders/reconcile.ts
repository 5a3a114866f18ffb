import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { adverts, orders } from "../../db/schema/index.ts";
import { isAppError } from "../errors.ts";
import type { Money } from "./money.ts";
import { record, settleUnpaid } from "./payment-steps.ts";
import { finishRefund } from "./refund.ts";

/** At most this many orders of each kind per sweep: a larger backlog drains over the next ones. */
const BATCH = 100;

/**
 * Finishes the money a crash or an unreachable provider left in flight (at start and every minute): charges
 * the provider took but we never recorded (the process died between step 2 and step 3 of payment-steps.ts),
 * recorded now or refunded if the laptop went to someone else; orders left `paying` after their hold lapsed
 * (the charge never happened), back to `booked`; and refunds not yet made. Stripe needs no sweep for charges:
 * its webhooks are retried until we answer. Returns how many charges it recorded or refunded.
 */
export async function reconcile(q: Db | Tx, money: Money, olderThanMs = 60_000): Promise<number> {
  const before = () => new Date(Date.now() - olderThanMs);
  let settled = 0;
  for (const { orderId, transactionId } of await money.simulated.unrecordedCharges(olderThanMs)) {
    try {
      await record(q, money, money.simulated, orderId, transactionId);
      settled++;
    } catch (error) {
      if (!isAppError(error)) throw error; // refunded inside record(): nothing more to do
    }
  }
  const lapsed = await q
    .select({ id: orders.id })
    .from(orders)
    .leftJoin(adverts, and(eq(adverts.reservedByOrderId, orders.id), sql`${adverts.reservedUntil} > now()`))
    .where(and(inArray(orders.status, ["paying"]), lt(orders.updatedAt, before()), sql`${adverts.id} is null`))
    .limit(BATCH);
  for (const { id } of lapsed) await settleUnpaid(q, id, "the payment was interrupted");
  const refunding = await q
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, "refunding"), lt(orders.updatedAt, before())))
    .limit(BATCH);
  for (const { id } of refunding) await finishRefund(q, money, id);
  return settled;
}
