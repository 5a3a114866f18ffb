import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { adverts, orders, payments } from "../../db/schema/index.ts";
import { totalCents } from "../../schemas/delivery.ts";
import type { SessionUser } from "../accounts/index.ts";
import { AppError, isAppError } from "../errors.ts";
import type { JobQueue } from "../jobs/index.ts";
import type { Card, PaymentProvider, ServerCardProvider } from "../payments/index.ts";
import { hold, markSold, release } from "./advert-lifecycle.ts";
import { canTransition, NO_LONGER_FOR_SALE, type OrderStatus, refusalOf, SOLD } from "./order-states.ts";
import { applyTransition, findOrder, heldByPayment, lockBuyer, lockOrder } from "./transition.ts";

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
 * Paying for a booked laptop, in three steps so that no buyer is charged twice and two buyers are
 * never both charged:
 *  1. reserve: lock the advert and the order; if the laptop is for sale and nobody else is paying, hold
 *     it for this order — and, when we charge the card ourselves, move the order to `paying`, so a second
 *     attempt (another tab, another key) is refused while this one is in flight;
 *  2. charge: the provider takes the order's total — the laptop and its shipping — (outside any
 *     transaction), idempotently —
 *     on our server for the simulated provider, in the browser with Stripe;
 *  3. record: in one transaction, the payment, order → paid, advert → sold, other bookings → closed.
 * A failed charge puts the order back to `booked` and releases the hold. A hold left by a crash expires
 * after five minutes; `reconcile` then finishes what the crash interrupted.
 */
/**
 * What taking and returning money needs: the database, the provider taking cards, the test-card one, and
 * the job queue (a sale's, or a refunded sale's, news to a laptop's many savers).
 */
export interface MoneyDeps {
  db: Db;
  jobs: JobQueue;
  provider: PaymentProvider;
  /** The test-card provider: the demo's sales, and refunds of payments it took. */
  simulated: ServerCardProvider;
}

export function createPaymentSteps({ db, jobs, provider, simulated }: MoneyDeps) {
  /** Payments are refunded by the provider that took them, whatever takes cards today. */
  function refunder(name: string) {
    if (name === provider.name) return provider;
    if (name === simulated.name) return simulated;
    throw new Error(`no payment provider named ${name} to refund through`);
  }

  async function reserve(actor: SessionUser, orderId: string, startPayment: boolean) {
    return db.transaction(async (tx) => {
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

  /** 404 unless the order is this buyer's. */
  async function requireOwn(actor: SessionUser, orderId: string) {
    await findOrder(db, orderId, actor.id);
  }

  /**
   * A payment that did not happen (declined, abandoned, refused and returned): an order still `paying`
   * goes back to `booked`, or ends as closed/withdrawn if the laptop went meanwhile; the hold is released.
   */
  async function settleUnpaid(orderId: string, note: string) {
    await db.transaction(async (tx) => {
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
   * Step 3, by order id: the simulated charge and Stripe's webhook both end here, any number of times.
   * If the laptop went to someone else meanwhile (a hold that expired) or left the catalogue, the money
   * goes back at once and the order says why.
   */
  async function record(orderId: string, transactionId: string, by: PaymentProvider = provider): Promise<void> {
    try {
      await db.transaction(async (tx) => {
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
        await settleUnpaid(orderId, `refused and refunded: ${transactionId}`);
      }
      throw error;
    }
  }

  /** The card is charged by us (the simulated provider): hold, move to paying, charge, record. */
  async function chargeCard(
    actor: SessionUser,
    orderId: string,
    card: Card,
    attemptKey: string,
    via: ServerCardProvider,
  ) {
    const reserved = await reserve(actor, orderId, true);
    if (!reserved) return;
    let transactionId: string;
    try {
      ({ transactionId } = await via.charge({
        amountCents: totalCents(reserved),
        idempotencyKey: `order:${reserved.id}:${attemptKey}`,
        orderId: reserved.id,
        card,
      }));
    } catch (error) {
      await settleUnpaid(reserved.id, isAppError(error) ? error.message : "the provider did not answer");
      throw error;
    }
    await record(reserved.id, transactionId, via);
  }

  return {
    /** Simulated provider: the card form posts here and we charge it. */
    async pay(actor: SessionUser, orderId: string, card: Card, attemptKey: string) {
      if (provider.flow !== "server-card") {
        await requireOwn(actor, orderId); // whose order it is comes before anything about how to pay
        throw new AppError("CONFLICT", "Pay with the card form on the payment page.");
      }
      // Taking the hold locks only this buyer's order (404 for anyone else's) before the card is charged.
      await chargeCard(actor, orderId, card, attemptKey, provider);
    },

    /**
     * The demo's sales: paid with Stripe's test card through the simulated provider, whichever provider
     * takes real cards (so the demo seeds with Stripe configured too, and refunds go back the same way).
     */
    async payWithTestCard(actor: SessionUser, orderId: string) {
      const card = { number: "4242424242424242", expiry: "12 / 34", cvc: "123" };
      await chargeCard(actor, orderId, card, "test-card", simulated);
    },

    /**
     * Stripe: the buyer pressed Pay. Hold the laptop (once: asking again does not renew the hold) and
     * create, or find again, the order's one payment intent — one intent per order, so it is charged once.
     */
    async startIntent(actor: SessionUser, orderId: string) {
      await requireOwn(actor, orderId);
      if (provider.flow !== "intent")
        throw new AppError("CONFLICT", "This marketplace takes cards on its own payment form.");
      const reserved = await reserve(actor, orderId, false);
      if (!reserved) return null;
      const intent = await provider.createIntent({
        amountCents: totalCents(reserved),
        orderId: reserved.id,
        idempotencyKey: `order:${reserved.id}:intent`,
      });
      return { clientSecret: intent.clientSecret, publishableKey: provider.publishableKey };
    },

    /**
     * A payment intent may have succeeded: ask the provider (never trust the caller), and record it.
     * Used right after the browser confirms (`buyer` given: only their own order), and for every
     * `payment_intent.succeeded` webhook.
     */
    async settleIntent(intentId: string, expected?: { buyer: SessionUser; orderId: string }) {
      if (expected) await requireOwn(expected.buyer, expected.orderId);
      if (provider.flow !== "intent") throw new AppError("CONFLICT", "No payment intents here.");
      const intent = await provider.retrieveIntent(intentId);
      if (!intent.orderId || (expected && intent.orderId !== expected.orderId)) {
        throw new AppError("NOT_FOUND", "This payment does not belong to this order.");
      }
      if (intent.status !== "succeeded") return "pending" as const;
      const [order] = await db
        .select({ priceCents: orders.priceCents, shippingCents: orders.shippingCents })
        .from(orders)
        .where(eq(orders.id, intent.orderId));
      if (!order || totalCents(order) !== intent.amountCents)
        throw new Error(`intent ${intent.id} does not match its order`);
      await record(intent.orderId, intent.id);
      return "paid" as const;
    },

    /** A payment that failed or was abandoned at the provider: free the laptop for other buyers. */
    release: (orderId: string) => settleUnpaid(orderId, "the payment failed at the provider"),

    refunder,

    /**
     * Finishes what a crash interrupted: charges the provider took but we never recorded (the process
     * died between step 2 and step 3), recorded now or refunded if the laptop went to someone else; and
     * orders left `paying` after their hold lapsed (the charge never happened), back to `booked`.
     * Stripe needs no sweep for charges: its webhooks are retried until we answer.
     * Returns how many charges it recorded or refunded.
     */
    async reconcilePayments(olderThanMs: number): Promise<number> {
      let settled = 0;
      for (const { orderId, transactionId } of await simulated.unrecordedCharges(olderThanMs)) {
        try {
          await record(orderId, transactionId, simulated);
          settled++;
        } catch (error) {
          if (!isAppError(error)) throw error; // refunded inside record(): nothing more to do
        }
      }
      const lapsed = await db
        .select({ id: orders.id })
        .from(orders)
        .leftJoin(adverts, and(eq(adverts.reservedByOrderId, orders.id), sql`${adverts.reservedUntil} > now()`))
        .where(
          and(
            inArray(orders.status, ["paying"]),
            lt(orders.updatedAt, new Date(Date.now() - olderThanMs)),
            sql`${adverts.id} is null`,
          ),
        )
        .limit(100);
      for (const { id } of lapsed) await settleUnpaid(id, "the payment was interrupted");
      return settled;
    },
  };
}
