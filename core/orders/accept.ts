import type { Db, Tx } from "../../db/client.ts";
import type { SessionUser } from "../accounts/index.ts";
import { applyTransition, lockOrder } from "./transition.ts";

/**
 * The buyer says everything is fine: the sale is final now rather than at the end of the protection window
 * (and the seller's money no longer waits for it). Only the order's own buyer; anyone else reads 404.
 */
export async function accept(q: Db | Tx, actor: SessionUser, orderId: string) {
  await q.transaction(async (tx) => {
    const { order } = await lockOrder(tx, orderId, actor.id);
    await applyTransition(tx, order, "accept", { kind: "buyer", id: actor.id });
  });
}
