import type { Db, Tx } from "../../db/client.ts";
import { SHIP_IT_INSTEAD } from "../../schemas/sales.ts";
import type { SessionUser } from "../accounts/index.ts";
import { AppError } from "../errors.ts";
import { applyTransition, lockOrder, orderNotFound } from "./transition.ts";

/**
 * The laptop's seller met the buyer and gave them the laptop ("Mark as handed over"): the buyer protection
 * window starts now. Only for an order they meet for: a parcel is marked as shipped, with its tracking.
 * Another seller, or anyone else, is told the order does not exist.
 */
export async function handOver(q: Db | Tx, actor: SessionUser, orderId: string) {
  await q.transaction(async (tx) => {
    const { order } = await lockOrder(tx, orderId);
    if (order.sellerId !== actor.id) throw orderNotFound();
    if (order.delivery === "ship" && order.status === "paid") throw new AppError("CONFLICT", SHIP_IT_INSTEAD);
    await applyTransition(tx, order, "handOver", { kind: "seller", id: actor.id });
  });
}
