import { and, eq, or } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { isUuid } from "../../db/errors.ts";
import { disputes, orders } from "../../db/schema/index.ts";
import { NO_DISPUTE } from "../../schemas/disputes.ts";
import { isAdmin, type SessionUser } from "../accounts/index.ts";
import { AppError } from "../errors.ts";

export const noDispute = () => new AppError("NOT_FOUND", NO_DISPUTE);

/**
 * The dispute on an order, with the reader's side in it: its buyer, its laptop's seller, or an admin (who
 * reads every one). Anyone else — and everyone, when the order has no dispute — is told it does not exist
 * (404: an order's id says nothing to a stranger). Ownership is in the query itself.
 */
export async function disputeOnOrder(q: Db | Tx, actor: SessionUser, orderId: string) {
  if (!isUuid(orderId)) throw noDispute();
  const [row] = await q
    .select({
      dispute: disputes,
      buyerId: orders.buyerId,
      sellerId: orders.sellerId,
    })
    .from(disputes)
    .innerJoin(orders, eq(orders.id, disputes.orderId))
    .where(
      and(
        eq(disputes.orderId, orderId),
        isAdmin(actor) ? undefined : or(eq(orders.buyerId, actor.id), eq(orders.sellerId, actor.id)),
      ),
    );
  if (!row) throw noDispute();
  const side = row.buyerId === actor.id ? "buyer" : row.sellerId === actor.id ? "seller" : "admin";
  return { ...row, side } as const;
}
