import { eq, or } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { descAsIndexed } from "../../db/order.ts";
import { orders, payments, users } from "../../db/schema/index.ts";
import type { AccountOrder } from "../../schemas/orders.ts";
import { requireAdmin, type SessionUser } from "../accounts/index.ts";
import { buyersOrder, shown } from "./order-view.ts";

/**
 * Admins: every order an account took part in, as buyer or as seller (both on the order since booking), with its
 * payment — deleted accounts included, since deleting never destroys history.
 */
export async function listForAdmin(
  q: Db | Tx,
  admin: SessionUser,
  userId: string,
  limit = 200,
): Promise<AccountOrder[]> {
  requireAdmin(admin);
  const rows = await q
    .select({
      ...buyersOrder,
      sellerName: users.name,
      buyerId: orders.buyerId,
      transactionId: payments.transactionId,
      paymentStatus: payments.status,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.sellerId))
    .leftJoin(payments, eq(payments.orderId, orders.id))
    .where(or(eq(orders.buyerId, userId), eq(orders.sellerId, userId)))
    .orderBy(descAsIndexed(orders.createdAt))
    .limit(limit);
  return rows.map(({ buyerId, ...row }) => ({
    ...shown(row),
    role: buyerId === userId ? ("buyer" as const) : ("seller" as const),
  }));
}
