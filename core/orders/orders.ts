import { randomUUID } from "node:crypto";
import { and, count, desc, eq, inArray, lt, or } from "drizzle-orm";
import type { z } from "zod";
import type { Tx } from "../../db/client.ts";
import { isUuid, uniqueViolationOf } from "../../db/errors.ts";
import { descAsIndexed } from "../../db/order.ts";
import { adverts, orderEvents, orders, payments, users } from "../../db/schema/index.ts";
import { formatDay } from "../../schemas/dates.ts";
import {
  type AccountOrder,
  BLOCKED_BOOKING,
  type BookingInput,
  bookingSchema,
  type CancelOutcome,
  type MyOrder,
  type OrderView,
} from "../../schemas/orders.ts";
import { cancelAfterHandover } from "../../schemas/sales.ts";
import { OPEN_ORDER_STATUSES } from "../../schemas/values.ts";
import type { SessionUser } from "../accounts/index.ts";
import { blockedEitherWay, canBuy, requireAdmin } from "../accounts/index.ts";
import { AppError, isAppError } from "../errors.ts";
import type { OrderMoney } from "../ledger/index.ts";
import { mediaUrl } from "../media/index.ts";
import { reverseAfterRefund } from "../payouts/index.ts";
import { isPublic, release, unsell } from "./advert-lifecycle.ts";
import { deadlineAfter } from "./deadlines.ts";
import { type OrderFacts, tellAbout } from "./order-notices.ts";
import { newOrderNumber, ORDER_NUMBER_INDEX } from "./order-number.ts";
import { type OrderStatus, SOLD, TRANSITIONS } from "./order-states.ts";
import { parseInput } from "./parse-input.ts";
import { createPaymentSteps, type MoneyDeps } from "./pay-order.ts";
import { applyTransition, lockBuyer, lockOrder, orderNotFound } from "./transition.ts";

/** Bookings a buyer may hold at once, so that no one can book the whole catalogue. */
export const MAX_LIVE_BOOKINGS = 10;
export const TOO_MANY_BOOKINGS = `You can have at most ${MAX_LIVE_BOOKINGS} bookings at a time. Cancel one you no longer need first.`;

const orderColumns = {
  id: orders.id,
  number: orders.number,
  advertId: orders.advertId,
  productName: orders.productName,
  productImageKey: orders.productImageKey,
  priceCents: orders.priceCents,
  delivery: orders.delivery,
  shippingCents: orders.shippingCents,
  status: orders.status,
  buyerName: orders.buyerName,
  buyerEmail: orders.buyerEmail,
  meetingLocation: orders.meetingLocation,
  createdAt: orders.createdAt,
};

function toView({
  productImageKey,
  createdAt,
  ...o
}: { productImageKey: string; createdAt: Date } & Omit<OrderView, "productImageUrl" | "createdAt">): OrderView {
  return { ...o, productImageUrl: mediaUrl(productImageKey), createdAt: createdAt.toISOString() };
}

/** Booking "Ship to me" for a laptop its seller does not post. */
export const MEET_ONLY = "This laptop's seller does not ship it: choose Meet in person.";

/**
 * Books a laptop. Everything on the order comes from the account and the advert; the buyer gives only
 * how they want it (where to meet, or where to ship it) and a phone number. Its seller and number are set
 * here, once.
 */
function requireBuyer(actor: SessionUser) {
  if (!canBuy(actor)) throw new AppError("FORBIDDEN", "Admins cannot book laptops.");
}

async function placeBooking(
  tx: Tx,
  actor: SessionUser,
  input: z.output<typeof bookingSchema>,
): Promise<{ id: string }> {
  await lockBuyer(tx, actor.id);
  const [live] = await tx
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.buyerId, actor.id), inArray(orders.status, ["booked", "paying"])));
  if (Number(live?.n ?? 0) >= MAX_LIVE_BOOKINGS) throw new AppError("CONFLICT", TOO_MANY_BOOKINGS);
  // Shared with other buyers booking, but not with a sale or a withdrawal ending this laptop's bookings.
  const [found] = await tx
    .select({ advert: adverts, blocked: blockedEitherWay(actor.id, adverts.sellerId) })
    .from(adverts)
    .where(eq(adverts.id, input.advertId))
    .for("share");
  const advert = found?.advert;
  if (!advert || !isPublic(advert.status)) throw new AppError("NOT_FOUND", "This laptop does not exist.");
  if (advert.sellerId === actor.id) throw new AppError("CONFLICT", "You cannot book your own laptop.");
  if (found.blocked) throw new AppError("FORBIDDEN", BLOCKED_BOOKING);
  if (advert.status === "sold") throw new AppError("CONFLICT", SOLD);
  const ship = input.delivery === "ship";
  if (ship && !advert.ships) throw new AppError("VALIDATION_FAILED", MEET_ONLY, { delivery: MEET_ONLY });
  const order = {
    id: randomUUID(),
    number: newOrderNumber(),
    advertId: advert.id,
    buyerId: actor.id,
    sellerId: advert.sellerId,
    buyerName: actor.name,
    buyerEmail: actor.email,
    delivery: ship ? ("ship" as const) : ("meet" as const),
    meetingLocation: ship ? null : input.meetingLocation,
    shippingAddress: ship ? input.shippingAddress : null,
    buyerPhone: input.phone,
    priceCents: advert.resalePriceCents,
    // The shipping the seller asked when the buyer booked; the charge is the price and this.
    shippingCents: ship ? advert.shippingCents : 0,
    productName: advert.name,
    productImageKey: advert.imageKey,
    deadlineAt: deadlineAfter("book", new Date()),
  };
  // The order and its first event in one statement (its id is ours, so the event can name it).
  const placed = tx.$with("placed").as(tx.insert(orders).values(order).returning({ id: orders.id }));
  await tx
    .with(placed)
    .insert(orderEvents)
    .values({ orderId: order.id, toStatus: TRANSITIONS.book.to, transition: "book", actorId: actor.id });
  await tellAbout(tx, order, "book");
  return { id: order.id };
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

/** Booking, paying, cancelling and receiving: the buyer's side of a sale. */
export function createOrders({ db, jobs, provider, simulated }: MoneyDeps) {
  const { refunder, reconcilePayments, ...steps } = createPaymentSteps({ db, jobs, provider, simulated });
  const paymentOf = async (transactionId: string) =>
    (await db.select({ orderId: payments.orderId }).from(payments).where(eq(payments.transactionId, transactionId)))[0];

  /**
   * The money is back: the payment says so, the order is refunded, and the laptop is for sale again —
   * or, if it had been handed over already, leaves the catalogue (it is in its buyer's hands).
   */
  async function recordRefund(
    tx: Tx,
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

  /**
   * Step two and three of a refund: the provider returns the money — the amount set on the payment when the
   * order went `refunding` (a dispute's partial refund), else all of it — idempotently by payment, so a retry
   * (the sweep's, after a crash) is the same refund of the same amount; then the order records it: `refund`
   * (refunded), or `refundInPart` when a partial refund put it in flight (the sale stands: completed). False
   * when the provider could not be reached: the order stays `refunding` for `reconcile` to finish.
   */
  async function finishRefund(orderId: string): Promise<boolean> {
    const [payment] = await db.select().from(payments).where(eq(payments.orderId, orderId));
    if (!payment) throw new Error(`refunding order ${orderId} has no payment`);
    let refundId: string;
    try {
      ({ refundId } = await refunder(payment.provider).refund(payment.transactionId, payment.refundCents ?? undefined));
    } catch {
      return false;
    }
    await db.transaction(async (tx) => {
      const { order } = await lockOrder(tx, orderId);
      if (order.status !== "refunding") return; // finished meanwhile (the sweep, or the provider's event)
      if ((await enteredRefundingBy(tx, orderId)) !== "refundDisputeInPart") {
        await recordRefund(tx, order, payment, refundId, "refund", refundId);
        return;
      }
      await applyTransition(tx, order, "refundInPart", { kind: "provider" }, refundId);
      // The payment stands (the sale does), with the part returned: its refund_cents was set by the decision.
      await tx.update(payments).set({ refundId, refundedAt: new Date() }).where(eq(payments.id, payment.id));
    });
    return true;
  }

  async function getMine(actor: SessionUser, orderId: string): Promise<OrderView> {
    if (!isUuid(orderId)) throw orderNotFound();
    const [row] = await db
      .select(orderColumns)
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.buyerId, actor.id)));
    if (!row) throw orderNotFound();
    return toView(row);
  }

  return {
    /**
     * Books a laptop. Everything on the order comes from the account and the advert, prices included;
     * the buyer gives only how they want it and a phone number.
     */
    async book(actor: SessionUser, booking: BookingInput): Promise<{ id: string }> {
      requireBuyer(actor);
      const input = parseInput(bookingSchema, booking);
      if (!isUuid(input.advertId)) throw new AppError("NOT_FOUND", "This laptop does not exist.");
      // A number drawn twice (one in a billion per order) is refused by its unique index: the booking is
      // made again with another. The transaction is whole again each time, so the normal booking costs nothing more.
      for (let attempt = 1; ; attempt++) {
        try {
          return await db.transaction((tx) => placeBooking(tx, actor, input));
        } catch (error) {
          const index = uniqueViolationOf(error);
          if (index === ORDER_NUMBER_INDEX && attempt < 5) continue;
          if (index !== null) throw new AppError("CONFLICT", "You have already booked this laptop.");
          throw error;
        }
      }
    },

    /** My Orders: each with its seller, whom the buyer can message and look up. */
    async listMine(actor: SessionUser, limit = 100): Promise<MyOrder[]> {
      if (!canBuy(actor)) throw new AppError("FORBIDDEN", "Admins do not buy laptops, so they have no orders.");
      const rows = await db
        .select({ ...orderColumns, sellerId: adverts.sellerId, sellerName: users.name })
        .from(orders)
        .innerJoin(adverts, eq(adverts.id, orders.advertId))
        .innerJoin(users, eq(users.id, adverts.sellerId))
        .where(eq(orders.buyerId, actor.id))
        .orderBy(descAsIndexed(orders.createdAt))
        .limit(limit);
      return rows.map(({ sellerId, sellerName, ...o }) => ({ ...toView(o), sellerId, sellerName }));
    },

    /**
     * The payment page: the buyer's order and how it is paid here — our card form (with a fresh attempt
     * key per view, so a double click or a retried submission charges once), Stripe's, or nothing to pay.
     */
    async checkout(actor: SessionUser, orderId: string) {
      const order = await getMine(actor, orderId);
      if (order.status !== "booked") return { order, payWith: null };
      const payWith =
        provider.flow === "intent"
          ? { form: "stripe" as const, publishableKey: provider.publishableKey }
          : { form: "card" as const, attemptKey: crypto.randomUUID() };
      return { order, payWith };
    },

    /** Which of these adverts the buyer has an open order for (one query for a whole page of cards). */
    async bookedAmong(actor: SessionUser, advertIds: string[]): Promise<string[]> {
      if (advertIds.length === 0) return [];
      const rows = await db
        .select({ advertId: orders.advertId })
        .from(orders)
        .where(
          and(
            eq(orders.buyerId, actor.id),
            inArray(orders.advertId, advertIds),
            inArray(orders.status, [...OPEN_ORDER_STATUSES]),
          ),
        );
      return rows.map((r) => r.advertId);
    },

    ...steps,

    /** Returns the money of an order left `refunding` (by a deadline, a dispute's decision); see above. */
    finishRefund,

    /**
     * Cancel: an unpaid booking is simply cancelled; a paid one is refunded in full through the
     * provider and the laptop goes back on sale, until it is handed over (then the buyer reports a problem).
     * The order is `refunding` before the provider is called, so nothing else (receipt confirmed in
     * another tab, a second cancel) can happen to it while the money moves. If the provider cannot be
     * reached the order stays `refunding` and `reconcile` finishes the refund.
     */
    async cancel(actor: SessionUser, orderId: string): Promise<CancelOutcome> {
      const first = await db.transaction(async (tx) => {
        const { order } = await lockOrder(tx, orderId, actor.id);
        if (order.status === "booked") {
          await applyTransition(tx, order, "cancel", { kind: "buyer", id: actor.id });
          await release(tx, order.id);
          return "cancelled" as const;
        }
        if (order.handedOverAt) {
          throw new AppError("CONFLICT", cancelAfterHandover(formatDay(order.handedOverAt)));
        }
        await applyTransition(tx, order, "cancelPaid", { kind: "buyer", id: actor.id });
        return "refunding" as const;
      });
      if (first === "cancelled") return first;
      return (await finishRefund(orderId)) ? "refunded" : "refunding";
    },

    /**
     * The provider reports a refund we did not start (e.g. from Stripe's dashboard): the order is
     * refunded and the laptop is for sale again. Reporting it twice changes nothing. Events come in
     * any order: a refund that overtakes its payment's success event records the payment first.
     */
    async refundedByProvider(transactionId: string, refundId: string) {
      let found = await paymentOf(transactionId);
      if (!found && provider.flow === "intent") {
        try {
          await steps.settleIntent(transactionId);
        } catch (error) {
          if (isAppError(error)) return; // refused (the laptop went to someone else): the money is back already
          throw error;
        }
        found = await paymentOf(transactionId);
      }
      if (!found) return;
      await db.transaction(async (tx) => {
        const { order } = await lockOrder(tx, found.orderId);
        const [payment] = await tx
          .select()
          .from(payments)
          .where(eq(payments.transactionId, transactionId))
          .for("update");
        // Already recorded; or our own refund, in flight (finishRefund records it) or recorded in part.
        if (!payment || payment.status === "refunded" || order.status === "refunding") return;
        if (payment.refundId === refundId) return;
        await recordRefund(tx, order, payment, refundId, "providerRefund", `refunded at the provider: ${refundId}`);
      });
    },

    /**
     * Admins: every order an account took part in, as buyer or as seller, with its payment —
     * deleted accounts included, since deleting never destroys history.
     */
    async listForAdmin(admin: SessionUser, userId: string, limit = 200): Promise<AccountOrder[]> {
      requireAdmin(admin);
      const rows = await db
        .select({
          ...orderColumns,
          sellerName: users.name,
          buyerId: orders.buyerId,
          transactionId: payments.transactionId,
          paymentStatus: payments.status,
        })
        .from(orders)
        .innerJoin(adverts, eq(adverts.id, orders.advertId))
        .innerJoin(users, eq(users.id, adverts.sellerId))
        .leftJoin(payments, eq(payments.orderId, orders.id))
        .where(or(eq(orders.buyerId, userId), eq(adverts.sellerId, userId)))
        .orderBy(descAsIndexed(orders.createdAt))
        .limit(limit);
      return rows.map(({ productImageKey, createdAt, buyerId, ...o }) => ({
        ...o,
        role: buyerId === userId ? ("buyer" as const) : ("seller" as const),
        productImageUrl: mediaUrl(productImageKey),
        createdAt: createdAt.toISOString(),
      }));
    },

    /**
     * Finishes the money a crash or an unreachable provider left in flight (at start and every minute):
     * unrecorded charges, payments whose hold lapsed, refunds not yet made. Returns how many charges it
     * recorded or refunded.
     */
    async reconcile(olderThanMs = 60_000): Promise<number> {
      const settled = await reconcilePayments(olderThanMs);
      const refunding = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.status, "refunding"), lt(orders.updatedAt, new Date(Date.now() - olderThanMs))))
        .limit(100);
      for (const { id } of refunding) await finishRefund(id);
      return settled;
    },
  };
}

export type Orders = ReturnType<typeof createOrders>;
