import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { orders } from "../../db/schema/index.ts";
import { HAND_IT_OVER_INSTEAD, shipSchema } from "../../schemas/delivery.ts";
import type { SessionUser } from "../accounts/index.ts";
import { AppError } from "../errors.ts";
import { parseInput } from "./parse-input.ts";
import { applyTransition, lockOrder, orderNotFound } from "./transition.ts";

/**
 * The laptop's seller posted it ("Mark as shipped"), with the carrier and tracking number its buyer follows
 * it by (told in a notice and an email). Only a paid order to be shipped: one they meet for is handed over.
 * Another seller, or anyone else, is told the order does not exist.
 */
export async function ship(q: Db | Tx, actor: SessionUser, orderId: string, input: unknown) {
  const { carrier, trackingNumber } = parseInput(shipSchema, input);
  await q.transaction(async (tx) => {
    const { order } = await lockOrder(tx, orderId);
    if (order.sellerId !== actor.id) throw orderNotFound();
    if (order.delivery !== "ship") throw new AppError("CONFLICT", HAND_IT_OVER_INSTEAD);
    await applyTransition(tx, { ...order, carrier, trackingNumber }, "ship", { kind: "seller", id: actor.id });
    await tx.update(orders).set({ carrier, trackingNumber }).where(eq(orders.id, order.id));
  });
}
