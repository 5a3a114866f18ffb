import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { payments } from "../../db/schema/index.ts";
import { isAppError } from "../errors.ts";
import type { Money } from "./money.ts";
import { recordIntent } from "./payment-intent.ts";
import { recordRefund } from "./refund.ts";
import { lockOrder } from "./transition.ts";

const paymentOf = async (q: Db | Tx, transactionId: string) =>
  (await q.select({ orderId: payments.orderId }).from(payments).where(eq(payments.transactionId, transactionId)))[0];

/**
 * The provider reports a refund we did not start (e.g. from Stripe's dashboard): the order is refunded and the
 * laptop is for sale again. Reporting it twice changes nothing. Events come in any order: a refund that
 * overtakes its payment's success event records the payment first.
 */
export async function refundedByProvider(q: Db | Tx, money: Money, transactionId: string, refundId: string) {
  let found = await paymentOf(q, transactionId);
  if (!found && money.provider.flow === "intent") {
    try {
      await recordIntent(q, money, transactionId);
    } catch (error) {
      if (isAppError(error)) return; // refused (the laptop went to someone else): the money is back already
      throw error;
    }
    found = await paymentOf(q, transactionId);
  }
  if (!found) return;
  const { orderId } = found;
  await q.transaction(async (tx) => {
    const { order } = await lockOrder(tx, orderId);
    const [payment] = await tx.select().from(payments).where(eq(payments.transactionId, transactionId)).for("update");
    // Already recorded; or our own refund, in flight (finishRefund records it) or recorded in part.
    if (!payment || payment.status === "refunded" || order.status === "refunding") return;
    if (payment.refundId === refundId) return;
    await recordRefund(tx, money, order, payment, refundId, "providerRefund", `refunded at the provider: ${refundId}`);
  });
}
