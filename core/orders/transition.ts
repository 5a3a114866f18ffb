import { and, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { adverts, orderEvents, orders } from "../../db/schema/index.ts";
import { AppError } from "../errors.ts";
import type { OrderMoney } from "../ledger/index.ts";
import { postTransition } from "../ledger/index.ts";
import { deadlineAfter, saleNow } from "./deadlines.ts";
import { type OrderFacts, tellAbout, tellAboutEach } from "./order-notices.ts";
import {
  canTransition,
  mayTrigger,
  type OrderActor,
  type OrderStatus,
  refusalOf,
  TRANSITIONS,
  type Transition,
} from "./order-states.ts";
import { feeAtPayment } from "./platform-fee.ts";

export const ORDER_NOT_FOUND = "This order does not exist.";
export const orderNotFound = () => new AppError("NOT_FOUND", ORDER_NOT_FOUND);

/** Which order, in SQL: `orderId` (only `buyerId`'s, when given). */
const theOrder = (orderId: string, buyerId?: string) =>
  buyerId ? and(eq(orders.id, orderId), eq(orders.buyerId, buyerId)) : eq(orders.id, orderId);

/** The order (only `buyerId`'s, when given), or 404. */
export async function findOrder(q: Db | Tx, orderId: string, buyerId?: string) {
  const [order] = await q.select({ advertId: orders.advertId }).from(orders).where(theOrder(orderId, buyerId));
  if (!order) throw orderNotFound();
  return order;
}

/**
 * Locks an order for a transition, and its laptop's advert before it. Every transaction that
 * changes a laptop's orders locks the advert first, then orders, then payments: in one order,
 * so two of them never wait for each other (a deadlock PostgreSQL would end by failing one).
 * Two statements: the advert is found through the order (only `buyerId`'s, when given: 404 otherwise)
 * and locked, then the order — a sale takes two locks, and each round trip costs both processes CPU.
 */
export async function lockOrder(tx: Tx, orderId: string, buyerId?: string) {
  const [advert] = await tx
    .select()
    .from(adverts)
    .where(inArray(adverts.id, tx.select({ id: orders.advertId }).from(orders).where(theOrder(orderId, buyerId))))
    .for("update");
  if (!advert) throw orderNotFound();
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  if (!order) throw new Error(`order ${orderId} vanished`);
  return { order, advert };
}

/**
 * Serialises one buyer's bookings and payment holds (a cap on bookings, one hold at a time) without
 * locking any row. Taken before the advert, so the lock order stays buyer, advert, orders, payments.
 */
export async function lockBuyer(tx: Tx, buyerId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`buyer:${buyerId}`}, 0))`);
}

/** A payment in progress holds the laptop (another order's, when `orderId` is given). */
export function heldByPayment(
  advert: { reservedByOrderId: string | null; reservedUntil: Date | null },
  orderId?: string,
): boolean {
  return Boolean(
    advert.reservedByOrderId &&
      advert.reservedByOrderId !== orderId &&
      (advert.reservedUntil?.getTime() ?? 0) > Date.now(),
  );
}

/**
 * Ends the unpaid bookings of these laptops, so their buyers see why (and are told) and their Pay no longer works:
 * `close` when the laptop was sold to someone else, `withdraw` when it left the catalogue.
 * Call in the transaction that locked the adverts (adverts first, then orders).
 */
export async function endBookings(
  tx: Tx,
  advertIds: string[],
  transition: "close" | "withdraw",
  note: string,
  keepOrderId?: string,
) {
  if (advertIds.length === 0) return;
  // Only bookings nobody is paying for: an order whose money is moving is settled by its payment.
  await applyToAll(
    tx,
    and(inArray(orders.advertId, advertIds), keepOrderId ? ne(orders.id, keepOrderId) : undefined),
    "booked",
    transition,
    note,
  );
}

/**
 * Moves every order that `which` selects and that is in status `from` through one of ReLaptop's own
 * transitions (a sale ending other bookings, a deadline), in three statements whatever their number: the
 * move, the events, the notices. Call in the transaction that locked their adverts (adverts first, then orders).
 * Returns the orders moved.
 */
export async function applyToAll(
  tx: Tx,
  which: SQL | undefined,
  from: OrderStatus,
  transition: Transition,
  note?: string,
) {
  const { to, by, from: allowed } = TRANSITIONS[transition];
  if (by !== "system" || !(allowed as readonly OrderStatus[]).includes(from)) {
    throw new Error(`${transition} from ${from} is not ReLaptop's own to apply to many orders`);
  }
  const deadlineAt = deadlineAfter(transition, saleNow());
  const moved = await tx
    .update(orders)
    .set({ status: to, ...(deadlineAt === undefined ? {} : { deadlineAt, remindedFor: null }) })
    .where(and(which, eq(orders.status, from)))
    .returning();
  if (moved.length === 0) return moved;
  await tx
    .insert(orderEvents)
    .values(moved.map(({ id }) => ({ orderId: id, fromStatus: from, toStatus: to, transition, note })));
  await postTransition(tx, transition, moved);
  await tellAboutEach(tx, moved, transition, { note, deadlineAt });
  return moved;
}

/**
 * Moves a locked order through a named transition. Refuses with the transition's message (or, when the
 * order's money is moving, with why not now), and refuses anyone the transition does not name: a buyer
 * transition only by the order's own buyer. The money it moves is written to the ledger, and whoever it
 * concerns is told (order-notices.ts), in the same transaction. Paying fixes the order's fee. Call inside the
 * transaction that locked the order.
 */
export async function applyTransition(
  tx: Tx,
  order: OrderFacts & OrderMoney & { status: OrderStatus },
  transition: Transition,
  actor: OrderActor,
  note?: string,
) {
  if (!mayTrigger(transition, actor, order)) {
    throw new Error(`${transition} on order ${order.id} is not for ${actor.kind}`);
  }
  if (!canTransition(order.status, transition)) {
    throw new AppError("CONFLICT", refusalOf(order.status, transition));
  }
  const { to } = TRANSITIONS[transition];
  const now = saleNow();
  const deadlineAt = deadlineAfter(transition, now);
  const handedOver = to === "handed_over" && order.status === "paid" ? { handedOverAt: now } : {};
  const fee = transition === "pay" ? feeAtPayment(order) : {};
  // The move and its event in one statement (a data-modifying WITH runs whether or not it is read).
  const moved = tx.$with("moved").as(
    tx
      .update(orders)
      .set({
        status: to,
        ...handedOver,
        ...fee,
        ...(deadlineAt === undefined ? {} : { deadlineAt, remindedFor: null }),
      })
      .where(eq(orders.id, order.id))
      .returning({ id: orders.id }),
  );
  await tx
    .with(moved)
    .insert(orderEvents)
    .values({
      orderId: order.id,
      fromStatus: order.status,
      toStatus: to,
      transition,
      // A person's own account (an admin's too, so the timeline names who decided a dispute).
      actorId: "id" in actor ? actor.id : null,
      note,
    });
  await postTransition(tx, transition, [{ ...order, ...fee }]);
  await tellAbout(tx, order, transition, { note, deadlineAt });
}
