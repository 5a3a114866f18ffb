import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { adverts, orderEvents, orders, payments, users } from "../../db/schema.ts";
import type { BookingInput } from "../../schemas/orders.ts";
import type { SessionUser } from "../accounts/accounts.ts";
import { canBuy, requireAdmin } from "../accounts/roles.ts";
import { isUniqueViolation, isUuid } from "../catalogue/db-errors.ts";
import { AppError, isAppError } from "../errors.ts";
import { mediaUrl } from "../media/storage.ts";
import type { PaymentProvider } from "../payments/provider.ts";
import { OPEN_STATUSES, type OrderStatus, SOLD } from "./order-states.ts";
import { createPaymentSteps } from "./pay-order.ts";
import { applyTransition, lockOrder, orderNotFound } from "./transition.ts";

export interface OrderView {
  id: string;
  advertId: string;
  productName: string;
  productImageUrl: string;
  priceCents: number;
  status: OrderStatus;
  buyerName: string;
  buyerEmail: string;
  meetingLocation: string;
  createdAt: string;
}

const orderColumns = {
  id: orders.id,
  advertId: orders.advertId,
  productName: orders.productName,
  productImageKey: orders.productImageKey,
  priceCents: orders.priceCents,
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

/** Booking, paying, cancelling and receiving: the buyer's side of a sale. */
export function createOrders({ db, provider }: { db: Db; provider: PaymentProvider }) {
  function requireBuyer(actor: SessionUser) {
    if (!canBuy(actor)) throw new AppError("FORBIDDEN", "Admins cannot book laptops.");
  }

  const steps = createPaymentSteps({ db, provider });
  const paymentOf = async (transactionId: string) =>
    (await db.select({ orderId: payments.orderId }).from(payments).where(eq(payments.transactionId, transactionId)))[0];

  return {
    /**
     * Books a laptop. Everything on the order comes from the account and the advert;
     * the buyer gives only where to meet and a phone number.
     */
    async book(actor: SessionUser, input: BookingInput): Promise<{ id: string }> {
      requireBuyer(actor);
      if (!isUuid(input.advertId)) throw new AppError("NOT_FOUND", "This laptop does not exist.");
      try {
        return await db.transaction(async (tx) => {
          // Shared with other buyers booking, but not with a sale or a withdrawal ending this laptop's bookings.
          const [advert] = await tx.select().from(adverts).where(eq(adverts.id, input.advertId)).for("share");
          if (!advert || advert.status === "withdrawn") throw new AppError("NOT_FOUND", "This laptop does not exist.");
          if (advert.sellerId === actor.id) throw new AppError("CONFLICT", "You cannot book your own laptop.");
          if (advert.status === "sold") throw new AppError("CONFLICT", SOLD);
          const [order] = await tx
            .insert(orders)
            .values({
              advertId: advert.id,
              buyerId: actor.id,
              buyerName: actor.name,
              buyerEmail: actor.email,
              meetingLocation: input.meetingLocation,
              buyerPhone: input.phone,
              priceCents: advert.resalePriceCents,
              productName: advert.name,
              productImageKey: advert.imageKey,
            })
            .returning({ id: orders.id });
          if (!order) throw new Error("order not created");
          await tx
            .insert(orderEvents)
            .values({ orderId: order.id, toStatus: "booked", transition: "book", actorId: actor.id });
          return order;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError("CONFLICT", "You have already booked this laptop.");
        throw error;
      }
    },

    async listMine(actor: SessionUser, limit = 100): Promise<OrderView[]> {
      const rows = await db
        .select(orderColumns)
        .from(orders)
        .where(eq(orders.buyerId, actor.id))
        .orderBy(sql`${orders.createdAt} desc nulls last`)
        .limit(limit);
      return rows.map(toView);
    },

    async getMine(actor: SessionUser, orderId: string): Promise<OrderView> {
      if (!isUuid(orderId)) throw orderNotFound();
      const [row] = await db
        .select(orderColumns)
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.buyerId, actor.id)));
      if (!row) throw orderNotFound();
      return toView(row);
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
            inArray(orders.status, [...OPEN_STATUSES]),
          ),
        );
      return rows.map((r) => r.advertId);
    },

    ...steps,

    /**
     * Cancel: an unpaid booking is simply cancelled; a paid one is refunded in full through the
     * provider and the laptop goes back on sale (buyer protection), until receipt is confirmed.
     */
    async cancel(actor: SessionUser, orderId: string): Promise<"cancelled" | "refunded"> {
      const first = await db.transaction(async (tx) => {
        const { order } = await lockOrder(tx, orderId, actor.id);
        if (order.status === "booked") {
          await applyTransition(tx, order, "cancel", actor.id, "This order can no longer be cancelled.");
          await tx
            .update(adverts)
            .set({ reservedByOrderId: null, reservedUntil: null })
            .where(eq(adverts.reservedByOrderId, order.id));
          return "cancelled" as const;
        }
        if (order.status !== "paid") throw new AppError("CONFLICT", "This order can no longer be cancelled.");
        const [payment] = await tx.select().from(payments).where(eq(payments.orderId, order.id));
        if (!payment) throw new Error(`paid order ${order.id} has no payment`);
        return payment;
      });
      if (first === "cancelled") return first;
      // The refund is a network call: never inside a transaction. Refunds are idempotent, so a retry is safe.
      const { refundId } = await provider.refund(first.transactionId);
      await db.transaction(async (tx) => {
        const { order } = await lockOrder(tx, orderId, actor.id);
        if (order.status === "refunded") return;
        await applyTransition(tx, order, "cancelPaid", actor.id, "This order can no longer be cancelled.", refundId);
        await tx
          .update(payments)
          .set({ status: "refunded", refundId, refundedAt: new Date() })
          .where(eq(payments.id, first.id));
        await tx
          .update(adverts)
          .set({ status: "available" })
          .where(and(eq(adverts.id, order.advertId), eq(adverts.status, "sold")));
      });
      return "refunded";
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
        if (!payment || payment.status === "refunded") return;
        await tx
          .update(payments)
          .set({ status: "refunded", refundId, refundedAt: new Date() })
          .where(eq(payments.id, payment.id));
        if (order.status === "paid") {
          await applyTransition(
            tx,
            order,
            "cancelPaid",
            null,
            "This order can no longer be cancelled.",
            `refunded at the provider: ${refundId}`,
          );
          await tx
            .update(adverts)
            .set({ status: "available" })
            .where(and(eq(adverts.id, order.advertId), eq(adverts.status, "sold")));
        }
      });
    },

    /**
     * Admins: every order an account took part in, as buyer or as seller, with its payment —
     * deleted accounts included, since deleting never destroys history.
     */
    async listForAdmin(admin: SessionUser, userId: string, limit = 200) {
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
        .orderBy(sql`${orders.createdAt} desc nulls last`)
        .limit(limit);
      return rows.map(({ productImageKey, createdAt, buyerId, ...o }) => ({
        ...o,
        role: buyerId === userId ? ("buyer" as const) : ("seller" as const),
        productImageUrl: mediaUrl(productImageKey),
        createdAt: createdAt.toISOString(),
      }));
    },

    /** The buyer has the laptop: the sale is final and can no longer be cancelled. */
    async confirmReceipt(actor: SessionUser, orderId: string) {
      await db.transaction(async (tx) => {
        const { order } = await lockOrder(tx, orderId, actor.id);
        await applyTransition(tx, order, "confirmReceipt", actor.id, "Only a paid order can be marked as received.");
      });
    },
  };
}

export type Orders = ReturnType<typeof createOrders>;
