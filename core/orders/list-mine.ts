import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { descAsIndexed } from "../../db/order.ts";
import { orders, payments, users } from "../../db/schema/index.ts";
import type { MyOrder } from "../../schemas/orders.ts";
import { OPEN_ORDER_STATUSES } from "../../schemas/values.ts";
import { canBuy, type SessionUser } from "../accounts/index.ts";
import { AppError } from "../errors.ts";
import { buyersOrder, shown } from "./order-view.ts";

/**
 * My Orders: each with its seller (copied onto the order at booking), whom the buyer can message and look up, and
 * what of it went back to them (its payment's refund).
 */
export async function listMine(q: Db | Tx, actor: SessionUser, limit = 100): Promise<MyOrder[]> {
  if (!canBuy(actor)) throw new AppError("FORBIDDEN", "Admins do not buy laptops, so they have no orders.");
  const rows = await q
    .select({
      ...buyersOrder,
      receivedAt: orders.receivedAt,
      refundedCents: sql<number>`coalesce(${payments.refundCents}, 0)`,
      sellerId: orders.sellerId,
      sellerName: users.name,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.sellerId))
    .leftJoin(payments, eq(payments.orderId, orders.id))
    .where(eq(orders.buyerId, actor.id))
    .orderBy(descAsIndexed(orders.createdAt))
    .limit(limit);
  return rows.map(({ receivedAt, ...row }) => ({ ...shown(row), receivedAt: receivedAt?.toISOString() ?? null }));
}

/** Which of these adverts the buyer has an open order for (one query for a whole page of cards). */
export async function bookedAmong(q: Db | Tx, actor: SessionUser, advertIds: string[]): Promise<string[]> {
  if (advertIds.length === 0) return [];
  const rows = await q
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
}
