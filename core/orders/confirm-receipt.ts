import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { orders } from "../../db/schema/index.ts";
import { ALREADY_RECEIVED } from "../../schemas/sales.ts";
import type { SessionUser } from "../accounts/index.ts";
import { AppError } from "../errors.ts";
import { saleNow } from "./deadlines.ts";
import { applyTransition, lockOrder } from "./transition.ts";

/**
 * The buyer has the laptop ("I received it"). A paid order is handed over now, whether or not the seller
 * said so; a parcel already marked as shipped is received now, and its protection window counts from here
 * rather than from SHIPPING_DAYS after shipping. Saying it twice is refused: the window never restarts.
 */
export async function confirmReceipt(q: Db | Tx, actor: SessionUser, orderId: string) {
  await q.transaction(async (tx) => {
    const { order } = await lockOrder(tx, orderId, actor.id);
    if (order.status === "handed_over" && (order.delivery === "meet" || order.receivedAt)) {
      throw new AppError("CONFLICT", ALREADY_RECEIVED);
    }
    await applyTransition(tx, order, "confirmReceipt", { kind: "buyer", id: actor.id });
    await tx.update(orders).set({ receivedAt: saleNow() }).where(eq(orders.id, order.id));
  });
}
