import { and, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { orders } from "../../db/schema/index.ts";
import type { BuyerToDo, SellerToDo } from "../../schemas/to-do.ts";
import type { SessionUser } from "../accounts/index.ts";

/**
 * The dashboard's counts of orders waiting on this person (schemas/to-do.ts), each side in one statement over
 * the few orders still waiting, on its partial index (`orders_buyer_waiting_idx`, `orders_seller_waiting_idx`,
 * whose statuses are the ones below). Always the caller's own: the person's id is in the query.
 */

const countWhere = (condition: SQL | undefined) => sql<number>`(count(*) filter (where ${condition}))::int`;

/** Waits on its buyer: a booking to pay; a paid laptop, or a parcel on its way, to say "I received it". */
export async function buyerToDo(
  q: Db | Tx,
  actor: SessionUser,
): Promise<Pick<BuyerToDo, "ordersToPay" | "ordersToConfirm">> {
  const parcelOnItsWay = and(eq(orders.status, "handed_over"), eq(orders.delivery, "ship"), isNull(orders.receivedAt));
  const [row] = await q
    .select({
      ordersToPay: countWhere(eq(orders.status, "booked")),
      ordersToConfirm: countWhere(or(eq(orders.status, "paid"), parcelOnItsWay)),
    })
    .from(orders)
    .where(and(eq(orders.buyerId, actor.id), inArray(orders.status, ["booked", "paid", "handed_over"])));
  return { ordersToPay: Number(row?.ordersToPay ?? 0), ordersToConfirm: Number(row?.ordersToConfirm ?? 0) };
}

/** Waits on its seller: a booking to accept by waiting or to decline, a paid laptop to hand over or ship, a dispute. */
export async function sellerToDo(
  q: Db | Tx,
  actor: SessionUser,
): Promise<Pick<SellerToDo, "bookingsToAnswer" | "ordersToHandOver" | "openDisputes">> {
  const [row] = await q
    .select({
      bookingsToAnswer: countWhere(eq(orders.status, "booked")),
      ordersToHandOver: countWhere(eq(orders.status, "paid")),
      openDisputes: countWhere(eq(orders.status, "disputed")),
    })
    .from(orders)
    .where(and(eq(orders.sellerId, actor.id), inArray(orders.status, ["booked", "paid", "disputed"])));
  return {
    bookingsToAnswer: Number(row?.bookingsToAnswer ?? 0),
    ordersToHandOver: Number(row?.ordersToHandOver ?? 0),
    openDisputes: Number(row?.openDisputes ?? 0),
  };
}
