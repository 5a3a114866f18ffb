import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { disputes, orders } from "../../db/schema/index.ts";
import { NO_DISPUTE } from "../../schemas/disputes.ts";
import type { SessionUser } from "../accounts/index.ts";
import { AppError } from "../errors.ts";
import { readableBy, readerOf } from "../orders/index.ts";

export const noDispute = () => new AppError("NOT_FOUND", NO_DISPUTE);

/**
 * The dispute on an order, with the reader's side in it: its buyer, its laptop's seller, or an admin (who
 * reads every one) — the order's own readers. Anyone else — and everyone, when the order has no dispute — is
 * told it does not exist (404: an order's id says nothing to a stranger). Ownership is in the query itself.
 */
export async function disputeOnOrder(q: Db | Tx, actor: SessionUser, orderId: string) {
  const [row] = await q
    .select({ dispute: disputes, buyerId: orders.buyerId, sellerId: orders.sellerId })
    .from(disputes)
    .innerJoin(orders, eq(orders.id, disputes.orderId))
    .where(and(eq(disputes.orderId, orderId), readableBy(actor)));
  if (!row) throw noDispute();
  return { ...row, side: readerOf(actor, row) } as const;
}
