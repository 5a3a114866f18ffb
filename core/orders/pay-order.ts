import { and, eq, inArray, ne } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { adverts, orders, payments } from "../../db/schema.ts";
import type { SessionUser } from "../accounts/accounts.ts";
import { AppError, isAppError } from "../errors.ts";
import type { Card, PaymentProvider } from "../payments/provider.ts";
import { canTransition } from "./order-states.ts";
import { applyTransition, type Tx } from "./transition.ts";

const RESERVATION_MS = 5 * 60 * 1000;
const SOLD = "This laptop has already been sold";

type LockOwn = (tx: Tx, actor: SessionUser, orderId: string) => Promise<typeof orders.$inferSelect>;

/**
 * Paying for a booked laptop, in three steps so that two buyers are never both charged:
 *  1. reserve: lock the advert row; if it is for sale and nobody else is paying, hold it for this order;
 *  2. charge: call the provider (outside any transaction), idempotently;
 *  3. record: in one transaction, the payment, order → paid, advert → sold, other bookings → closed.
 * A failed charge releases the hold. A hold left by a crash expires after five minutes.
 */
export function createPayOrder({ db, provider, lockOwn }: { db: Db; provider: PaymentProvider; lockOwn: LockOwn }) {
  async function release(orderId: string) {
    await db
      .update(adverts)
      .set({ reservedByOrderId: null, reservedUntil: null })
      .where(eq(adverts.reservedByOrderId, orderId));
  }

  return async function pay(actor: SessionUser, orderId: string, card: Card, attemptKey: string) {
    const reserved = await db.transaction(async (tx) => {
      const order = await lockOwn(tx, actor, orderId);
      if (order.status === "paid" || order.status === "completed") return null; // a retry of a payment that went through
      if (order.status === "closed") throw new AppError("CONFLICT", SOLD);
      if (!canTransition(order.status, "pay")) throw new AppError("CONFLICT", "This order can no longer be paid.");
      const [advert] = await tx.select().from(adverts).where(eq(adverts.id, order.advertId)).for("update");
      if (advert?.status !== "available") throw new AppError("CONFLICT", SOLD);
      const heldByOther =
        advert.reservedByOrderId &&
        advert.reservedByOrderId !== order.id &&
        (advert.reservedUntil?.getTime() ?? 0) > Date.now();
      if (heldByOther) {
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
    if (!reserved) return { status: "paid" as const };

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

    try {
      await db.transaction(async (tx) => {
        const order = await lockOwn(tx, actor, orderId);
        if (order.status === "paid") return;
        const [advert] = await tx.select().from(adverts).where(eq(adverts.id, order.advertId)).for("update");
        if (advert?.status !== "available") throw new AppError("CONFLICT", SOLD);
        await tx.insert(payments).values({
          orderId: order.id,
          advertId: order.advertId,
          email: order.buyerEmail,
          priceCents: order.priceCents,
          provider: provider.name,
          transactionId,
          status: "succeeded",
        });
        await applyTransition(tx, order, "pay", actor.id, "This order can no longer be paid.", transactionId);
        await tx
          .update(adverts)
          .set({ status: "sold", advertised: false, reservedByOrderId: null, reservedUntil: null })
          .where(eq(adverts.id, advert.id));
        // Everyone else who booked this laptop learns it is gone; their Pay no longer works.
        const others = await tx
          .select({ id: orders.id, status: orders.status })
          .from(orders)
          .where(and(eq(orders.advertId, advert.id), ne(orders.id, order.id), inArray(orders.status, ["booked"])))
          .for("update");
        for (const other of others) await applyTransition(tx, other, "close", null, SOLD, `sold to order ${order.id}`);
      });
    } catch (error) {
      // Charged, but the laptop went to someone else meanwhile (a hold that expired): give the money back.
      if (isAppError(error) && error.message === SOLD) {
        await provider.refund(transactionId);
        await release(reserved.id);
      }
      throw error;
    }
    return { status: "paid" as const, transactionId };
  };
}
