import { and, desc, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { orderEvents, payments } from "../../db/schema/index.ts";
import type { OrderMoney } from "../ledger/index.ts";
import { reverseAfterRefund } from "../payouts/index.ts";
import { unsell } from "./advert-lifecycle.ts";
import { type Money, refunder } from "./money.ts";
import type { OrderFacts } from "./order-notices.ts";
import type { OrderStatus } from "./order-states.ts";
import { applyTransition, lockOrder } from "./transition.ts";

/**
 * Steps two and three of a refund, for an order left `refunding` (a cancel, a deadline, a dispute's decision):
 * the provider returns the money — the amount set on the payment when the order went `refunding` (a dispute's
 * partial refund), else all of it — idempotently by payment, so a retry (the sweep's, after a crash) is the same
 * refund of the same amount; then the order records it: `refund` (refunded), or `refundInPart` when a partial
 * refund put it in flight (the sale stands: completed). False when the provider could not be reached: the
 * order stays `refunding` for `reconcile` to finish.
 */
export async function finishRefund(q: Db | Tx, money: Money, orderId: string): Promise<boolean> {
  const [payment] = await q.select().from(payments).where(eq(payments.orderId, orderId));
  if (!payment) throw new Error(`refunding order ${orderId} has no payment`);
  let refundId: string;
  try {
    ({ refundId } = await refunder(money, payment.provider).refund(
      payment.transactionId,
      payment.refundCents ?? undefined,
    ));
  } catch {
    return false;
  }
  await q.transaction(async (tx) => {
    const { order } = await lockOrder(tx, orderId);
    if (order.status !== "refunding") return; // finished meanwhile (the sweep, or the provider's event)
    if ((await enteredRefundingBy(tx, orderId)) !== "refundDisputeInPart") {
      await recordRefund(tx, money, order, payment, refundId, "refund", refundId);
      return;
    }
    await applyTransition(tx, order, "refundInPart", { kind: "provider" }, refundId);
    // The payment stands (the sale does), with the part returned: its refund_cents was set by the decision.
    await tx.update(payments).set({ refundId, refundedAt: new Date() }).where(eq(payments.id, payment.id));
  });
  return true;
}

/** Which transition put the order in `refunding` (its latest move there): it decides how the refund is recorded. */
async function enteredRefundingBy(tx: Tx, orderId: string) {
  const [entered] = await tx
    .select({ transition: orderEvents.transition })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.toStatus, "refunding")))
    .orderBy(desc(orderEvents.at), desc(orderEvents.id))
    .limit(1);
  return entered?.transition;
}

/**
 * The money is back: the payment says so, the order is refunded, and the laptop is for sale again — or, if it
 * had been handed over already, leaves the catalogue (it is in its buyer's hands). Call in the transaction that
 * locked the order.
 */
export async function recordRefund(
  tx: Tx,
  { jobs }: Money,
  order: OrderFacts & OrderMoney & { status: OrderStatus; handedOverAt: Date | null },
  payment: { id: string; priceCents: number },
  refundId: string,
  transition: "refund" | "providerRefund",
  note: string,
) {
  await applyTransition(tx, order, transition, { kind: "provider" }, note);
  // Its money already went to the seller: the transfer is taken back (the ledger owes it in `reversals`).
  if (transition === "providerRefund") await reverseAfterRefund(tx, order.id);
  await tx
    .update(payments)
    .set({ status: "refunded", refundId, refundCents: payment.priceCents, refundedAt: new Date() })
    .where(eq(payments.id, payment.id));
  await unsell(tx, jobs, order, order.handedOverAt !== null, `order ${order.id} refunded`);
}
