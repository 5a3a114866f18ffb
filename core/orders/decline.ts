import type { Db, Tx } from "../../db/client.ts";
import { declineSchema } from "../../schemas/sales.ts";
import type { SessionUser } from "../accounts/index.ts";
import { AppError } from "../errors.ts";
import { release } from "./advert-lifecycle.ts";
import { applyTransition, lockOrder, orderNotFound } from "./transition.ts";

/**
 * The laptop's seller declines a booking nobody has paid for, with a reason its buyer reads (on the order's
 * page, in a notice and an email). The laptop is bookable again at once: a booking holds it only while open.
 * Another seller, or anyone else, is told the order does not exist.
 */
export async function decline(q: Db | Tx, actor: SessionUser, orderId: string, input: { reason: unknown }) {
  const parsed = declineSchema.safeParse(input);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Check the reason.";
    throw new AppError("VALIDATION_FAILED", message, { reason: message });
  }
  await q.transaction(async (tx) => {
    const { order } = await lockOrder(tx, orderId);
    if (order.sellerId !== actor.id) throw orderNotFound();
    await applyTransition(tx, order, "decline", { kind: "seller", id: actor.id }, parsed.data.reason);
    // A payment hold this booking left behind (one that lapsed) is let go with it.
    await release(tx, order.id);
  });
}
