import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { payments } from "../../db/schema/index.ts";
import { totalCents } from "../../schemas/delivery.ts";
import type { SessionUser } from "../accounts/index.ts";
import { AppError, isAppError } from "../errors.ts";
import type { PaymentProvider } from "../payments/index.ts";
import { hold, markSold, release } from "./advert-lifecycle.ts";
import type { Money } from "./money.ts";
import { canTransition, NO_LONGER_FOR_SALE, type OrderStatus, refusalOf, SOLD } from "./order-states.ts";
import { applyTransition, heldByPayment, lockBuyer, lockOrder } from "./transition.ts";

/*
 * Paying for a booked laptop, in three steps so that no buyer is charged twice and two buyers are
 * never both charged:
 *  1. reserve: lock the advert and the order; if the laptop is for sale and nobody else is paying, hold
 *     it for this order — and, when we charge the card ourselves, move the order to `paying`, so a second
 *     attempt (another tab, another key) is refused while this one is in flight;
 *  2. charge: the provider takes the order's total — the laptop and its shipping — (outside any
 *     transaction), idempotently — on our server for the simulated provider (pay.ts), in the browser with
 *     Stripe (payment-intent.ts);
 *  3. record: in one transaction, the payment, order → paid, advert → sold, other bookings → closed.
 * A failed charge puts the order back to `booked` and releases the hold. A hold left by a crash expires
 * after five minutes; `reconcile` then finishes what the crash interrupted.
 */

/** Why this laptop cannot be paid for now. */
// A closed order's laptop was sold to someone else; a withdrawn, held-for-review or rejected one is not for sale.
const unavailable = (status: string) =>
  new AppError("CONFLICT", ["withdrawn", "pending_review", "rejected"].includes(status) ? NO_LONGER_FOR_SALE : SOLD);

/**
 * Whether this order can be paid now — the one place that says so. "paid" when it already is (a retry
 * of a payment that went through); otherwise throws why not. Another buyer's hold matters when taking
 * a hold, not when recording money already taken.
 */
function payable(
  order: { id: string; status: OrderStatus },
  advert: { status: string; reservedByOrderId: string | null; reservedUntil: Date | null },
  { transition, takingHold }: { transition: "startPayment" | "pay"; takingHold: boolean },
): "paid" | "payable" {
  if (order.status === "paid" || order.status === "completed") return "paid";
  if (order.status === "closed" || order.status === "withdrawn") throw unavailable(order.status);
  if (!canTransition(order.status, transition)) throw new AppError("CONFLICT", refusalOf(order.status, transition));
  if (advert.status !== "available") throw unavailable(advert.status);
  if (takingHold && heldByPayment(advert, order.id)) {
    throw new AppError("CONFLICT", "Another buyer is paying for this laptop right now. Try again in a few minutes.");
  }
  return "payable";
}

const ALREADY_PAID = "This order is already paid.";

export const ONE_HOLD_AT_A_TIME = "You are already paying for another laptop. Finish that payment first.";

/**
 * Step 1: holds the laptop for the buyer's own order (404 for anyone else's) and, when we charge the card
 * (`startPayment`), moves the order to `paying`. Null when it is paid already.
 */
export async function reserve(q: Db | Tx, actor: SessionUser, orderId: string, startPayment: boolean) {
  return q.transaction(async (tx) => {
    await lockBuyer(tx, actor.id);
    const { order, advert } = await lockOrder(tx, orderId, actor.id);
    const transition = startPayment ? "startPayment" : "pay";
    if (payable(order, advert, { transition, takingHold: true }) === "paid") return null;
    if (startPayment) await applyTransition(tx, order, "startPayment", { kind: "buyer", id: actor.id });
    // One hold per buyer at a time; asking again while it holds does not renew it.
    if (!(await hold(tx, advert, order))) throw new AppError("CONFLICT", ONE_HOLD_AT_A_TIME);
    return order;
  });
}

/**
 * A payment that did not happen (declined, abandoned, refused and returned): an order still `paying`
 * goes back to `booked`, or ends as closed/withdrawn if the laptop went meanwhile; the hold is released.
 */
export async function settleUnpaid(q: Db | Tx, orderId: string, note: string) {
  await q.transaction(async (tx) => {
    const { order, advert } = await lockOrder(tx, orderId);
    if (order.status === "paying") {
      const transition =
        advert.status === "sold" ? "close" : advert.status === "withdrawn" ? "withdraw" : "paymentFailed";
      await applyTransition(
        tx,
        order,
        transition,
        transition === "paymentFailed" ? { kind: "provider" } : { kind: "system" },
        note,
      );
    }
    await release(tx, order.id);
  });
}

/**
 * Step 3, by order id: the simulated charge, Stripe's webhook and the sweep all end here, any number of times.
 * If the laptop went to someone else meanwhile (a hold that expired) or left the catalogue, the money goes
 * back at once (through `by`, the provider that took it) and the order says why.
 */
export async function record(
  q: Db | Tx,
  { jobs }: Money,
  by: PaymentProvider,
  orderId: string,
  transactionId: string,
): Promise<void> {
  try {
    await q.transaction(async (tx) => {
      const { order, advert } = await lockOrder(tx, orderId);
      // A payment is written only with the `pay` transition, and nothing moves an order back to booked or
      // paying: an order that can still be paid has none, so a sale spends no round trip looking for it.
      if (!canTransition(order.status, "pay")) {
        const [existing] = await tx
          .select({ transactionId: payments.transactionId })
          .from(payments)
          .where(eq(payments.orderId, order.id));
        // The same payment reported again — also after it was refunded.
        if (existing?.transactionId === transactionId) return;
        if (existing) throw new AppError("CONFLICT", ALREADY_PAID);
      }
      if (payable(order, advert, { transition: "pay", takingHold: false }) === "paid") {
        throw new AppError("CONFLICT", ALREADY_PAID);
      }
      await tx.insert(payments).values({
        orderId: order.id,
        advertId: order.advertId,
        email: order.buyerEmail,
        priceCents: totalCents(order),
        provider: by.name,
        transactionId,
        status: "succeeded",
      });
      await applyTransition(tx, order, "pay", { kind: "provider" }, transactionId);
      await markSold(tx, jobs, advert, order);
    });
  } catch (error) {
    // Refused (sold to someone else, no longer for sale, already paid): the money goes back.
    if (isAppError(error)) {
      await by.refund(transactionId);
      await settleUnpaid(q, orderId, `refused and refunded: ${transactionId}`);
    }
    throw error;
  }
}
