import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { orders } from "../../db/schema/index.ts";
import { totalCents } from "../../schemas/delivery.ts";
import type { SessionUser } from "../accounts/index.ts";
import { AppError } from "../errors.ts";
import { counted, type Money } from "./money.ts";
import { record, reserve, settleUnpaid } from "./payment-steps.ts";
import { findOrder } from "./transition.ts";

/*
 * Paying with Stripe: the browser confirms the payment with Stripe's own form, and Stripe tells us (the
 * steps of payment-steps.ts, with the charge in the browser).
 */

/**
 * The buyer pressed Pay. Hold the laptop (once: asking again does not renew the hold) and create, or find
 * again, the order's one payment intent — one intent per order, so it is charged once. Null when paid already.
 */
export async function startIntent(q: Db | Tx, { provider }: Money, actor: SessionUser, orderId: string) {
  await findOrder(q, orderId, actor.id);
  if (provider.flow !== "intent")
    throw new AppError("CONFLICT", "This marketplace takes cards on its own payment form.");
  const reserved = await reserve(q, actor, orderId, false);
  if (!reserved) return null;
  const intent = await provider.createIntent({
    amountCents: totalCents(reserved),
    orderId: reserved.id,
    idempotencyKey: `order:${reserved.id}:intent`,
  });
  return { clientSecret: intent.clientSecret, publishableKey: provider.publishableKey };
}

/**
 * A payment intent may have succeeded: ask the provider (never trust the caller), and record it — counted by
 * outcome. Used right after the browser confirms (`expected`: only the buyer's own order), and for every
 * `payment_intent.succeeded` webhook.
 */
export function settleIntent(
  q: Db | Tx,
  money: Money,
  intentId: string,
  expected?: { buyer: SessionUser; orderId: string },
) {
  return counted(
    money,
    "pay",
    (status) => (status === "paid" ? "paid" : null),
    () => recordIntent(q, money, intentId, expected),
  );
}

/** settleIntent's work, uncounted: a refund reported before its payment records the payment first through it. */
export async function recordIntent(
  q: Db | Tx,
  money: Money,
  intentId: string,
  expected?: { buyer: SessionUser; orderId: string },
): Promise<"paid" | "pending"> {
  const { provider } = money;
  if (expected) await findOrder(q, expected.orderId, expected.buyer.id);
  if (provider.flow !== "intent") throw new AppError("CONFLICT", "No payment intents here.");
  const intent = await provider.retrieveIntent(intentId);
  if (!intent.orderId || (expected && intent.orderId !== expected.orderId)) {
    throw new AppError("NOT_FOUND", "This payment does not belong to this order.");
  }
  if (intent.status !== "succeeded") return "pending";
  const [order] = await q
    .select({ priceCents: orders.priceCents, shippingCents: orders.shippingCents })
    .from(orders)
    .where(eq(orders.id, intent.orderId));
  if (!order || totalCents(order) !== intent.amountCents) {
    throw new Error(`intent ${intent.id} does not match its order`);
  }
  await record(q, money, provider, intent.orderId, intent.id);
  return "paid";
}

/** A payment that failed or was abandoned at the provider: free the laptop for other buyers. */
export const paymentFailed = (q: Db | Tx, orderId: string) =>
  settleUnpaid(q, orderId, "the payment failed at the provider");
