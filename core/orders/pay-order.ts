import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { adverts, orders, payments } from "../../db/schema.ts";
import type { SessionUser } from "../accounts/accounts.ts";
import { AppError, isAppError } from "../errors.ts";
import type { Card, PaymentProvider } from "../payments/provider.ts";
import { canTransition, NO_LONGER_FOR_SALE, SOLD } from "./order-states.ts";
import { applyTransition, endBookings, findOrder, heldByPayment, lockOrder } from "./transition.ts";

const RESERVATION_MS = 5 * 60 * 1000;

/** Why this laptop cannot be paid for now. */
const unavailable = (status: string) => new AppError("CONFLICT", status === "withdrawn" ? NO_LONGER_FOR_SALE : SOLD);

/**
 * Paying for a booked laptop, in three steps so that two buyers are never both charged:
 *  1. reserve: lock the advert row; if it is for sale and nobody else is paying, hold it for this order;
 *  2. charge: the provider takes the money (outside any transaction), idempotently —
 *     on our server for the simulated provider, in the browser with Stripe;
 *  3. record: in one transaction, the payment, order → paid, advert → sold, other bookings → closed.
 * A failed charge releases the hold. A hold left by a crash expires after five minutes.
 */
export function createPaymentSteps({ db, provider }: { db: Db; provider: PaymentProvider }) {
  async function reserve(actor: SessionUser, orderId: string) {
    return db.transaction(async (tx) => {
      const { order, advert } = await lockOrder(tx, orderId, actor.id);
      if (order.status === "paid" || order.status === "completed") return null; // a retry of a payment that went through
      if (order.status === "closed" || order.status === "withdrawn") throw unavailable(order.status);
      if (!canTransition(order.status, "pay")) throw new AppError("CONFLICT", "This order can no longer be paid.");
      if (advert.status !== "available") throw unavailable(advert.status);
      if (heldByPayment(advert, order.id)) {
        throw new AppError(
          "CONFLICT",
          "Another buyer is paying for this laptop right now. Try again in a few minutes.",
        );
      }
      await tx
        .update(adverts)
        .set({ reservedByOrderId: order.id, reservedUntil: new Date(Date.now() + RESERVATION_MS) })
        .where(eq(adverts.id, advert.id));
      return order;
    });
  }

  /** 404 unless the order is this buyer's. */
  async function requireOwn(actor: SessionUser, orderId: string) {
    await findOrder(db, orderId, actor.id);
  }

  async function release(orderId: string) {
    await db
      .update(adverts)
      .set({ reservedByOrderId: null, reservedUntil: null })
      .where(eq(adverts.reservedByOrderId, orderId));
  }

  /**
   * Step 3, by order id: the simulated charge and Stripe's webhook both end here, any number of times.
   * If the laptop went to someone else meanwhile (a hold that expired), the money goes back at once.
   */
  async function record(orderId: string, transactionId: string): Promise<void> {
    try {
      await db.transaction(async (tx) => {
        const { order, advert } = await lockOrder(tx, orderId);
        const [existing] = await tx
          .select({ transactionId: payments.transactionId })
          .from(payments)
          .where(eq(payments.orderId, order.id));
        // The same payment reported again — also after it was refunded.
        if (existing?.transactionId === transactionId) return;
        if (existing) throw new AppError("CONFLICT", "This order is already paid.");
        if (advert.status !== "available") throw unavailable(advert.status);
        if (!canTransition(order.status, "pay")) throw unavailable(order.status);
        await tx.insert(payments).values({
          orderId: order.id,
          advertId: order.advertId,
          email: order.buyerEmail,
          priceCents: order.priceCents,
          provider: provider.name,
          transactionId,
          status: "succeeded",
        });
        await applyTransition(tx, order, "pay", order.buyerId, "This order can no longer be paid.", transactionId);
        await tx
          .update(adverts)
          .set({ status: "sold", advertised: false, reservedByOrderId: null, reservedUntil: null })
          .where(eq(adverts.id, advert.id));
        await endBookings(tx, [advert.id], "close", `sold to order ${order.id}`, order.id);
      });
    } catch (error) {
      // Refused (sold to someone else, no longer for sale, already paid): the money goes back.
      if (isAppError(error)) {
        await provider.refund(transactionId);
        await release(orderId);
      }
      throw error;
    }
  }

  return {
    /** Simulated provider: the card form posts here and we charge it. */
    async pay(actor: SessionUser, orderId: string, card: Card, attemptKey: string) {
      await requireOwn(actor, orderId); // whose order it is comes before anything about how to pay
      if (provider.flow !== "server-card")
        throw new AppError("CONFLICT", "Pay with the card form on the payment page.");
      const reserved = await reserve(actor, orderId);
      if (!reserved) return;
      let transactionId: string;
      try {
        ({ transactionId } = await provider.charge({
          amountCents: reserved.priceCents,
          idempotencyKey: `order:${reserved.id}:${attemptKey}`,
          orderId: reserved.id,
          card,
        }));
      } catch (error) {
        await release(reserved.id);
        throw error;
      }
      await record(reserved.id, transactionId);
    },

    /** Stripe: hold the laptop and create (or find again) the order's payment intent for the browser. */
    async startIntent(actor: SessionUser, orderId: string) {
      await requireOwn(actor, orderId);
      if (provider.flow !== "intent")
        throw new AppError("CONFLICT", "This marketplace takes cards on its own payment form.");
      const reserved = await reserve(actor, orderId);
      if (!reserved) return null;
      const intent = await provider.createIntent({
        amountCents: reserved.priceCents,
        orderId: reserved.id,
        idempotencyKey: `order:${reserved.id}:intent`,
      });
      return { clientSecret: intent.clientSecret, publishableKey: provider.publishableKey };
    },

    /**
     * A payment intent may have succeeded: ask the provider (never trust the caller), and record it.
     * Used right after the browser confirms, and for every `payment_intent.succeeded` webhook.
     */
    async settleIntent(intentId: string, expectedOrderId?: string) {
      if (provider.flow !== "intent") throw new AppError("CONFLICT", "No payment intents here.");
      const intent = await provider.retrieveIntent(intentId);
      if (!intent.orderId || (expectedOrderId && intent.orderId !== expectedOrderId)) {
        throw new AppError("NOT_FOUND", "This payment does not belong to this order.");
      }
      if (intent.status !== "succeeded") return "pending" as const;
      const [order] = await db
        .select({ priceCents: orders.priceCents })
        .from(orders)
        .where(eq(orders.id, intent.orderId));
      if (!order || order.priceCents !== intent.amountCents)
        throw new Error(`intent ${intent.id} does not match its order`);
      await record(intent.orderId, intent.id);
      return "paid" as const;
    },

    /** A payment that failed or was abandoned: free the laptop for other buyers. */
    release,

    /**
     * Finishes charges the provider took but we never recorded (the process died between step 2
     * and step 3): each is recorded now, or refunded if the laptop went to someone else.
     * Stripe needs no sweep: its webhooks are retried until we answer.
     */
    async reconcile(olderThanMs = 60_000): Promise<number> {
      if (provider.flow !== "server-card") return 0;
      let settled = 0;
      for (const { orderId, transactionId } of await provider.unrecordedCharges(olderThanMs)) {
        try {
          await record(orderId, transactionId);
          settled++;
        } catch (error) {
          if (!isAppError(error)) throw error; // refunded inside record(): nothing more to do
        }
      }
      return settled;
    },
  };
}
