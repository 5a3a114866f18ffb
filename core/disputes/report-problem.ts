import type { Db } from "../../db/client.ts";
import { disputeMessages, disputes } from "../../db/schema/index.ts";
import { DISPUTE_REASON_LABELS, type ReportProblemInput } from "../../schemas/disputes.ts";
import type { SessionUser } from "../accounts/index.ts";
import type { MediaStorage } from "../media/index.ts";
import { announceModeration } from "../notifications/index.ts";
import { applyTransition, findOrder, lockOrder } from "../orders/index.ts";
import { storeDisputePhotos } from "./dispute-photos.ts";

/**
 * The buyer reports a problem with a laptop they received, within the buyer protection window ("Report a
 * problem"): in one transaction the dispute, its first message (the description and photos) and the order's
 * `report` transition — which refuses outside the window and tells the seller (order-notices.ts). The order's
 * money waits for an admin's decision; admins' open Disputes and Reported Items pages hear of it on commit.
 * Anyone but the order's buyer is told the order does not exist, before any photo is stored.
 */
export async function reportProblem(
  db: Db,
  media: MediaStorage,
  actor: SessionUser,
  orderId: string,
  input: ReportProblemInput,
): Promise<{ id: string }> {
  await findOrder(db, orderId, actor.id);
  const photoKeys = await storeDisputePhotos(media, input.photos);
  return db.transaction(async (tx) => {
    const { order } = await lockOrder(tx, orderId, actor.id);
    await applyTransition(tx, order, "report", { kind: "buyer", id: actor.id }, DISPUTE_REASON_LABELS[input.reason]);
    const [dispute] = await tx
      .insert(disputes)
      .values({ orderId: order.id, reason: input.reason })
      .returning({ id: disputes.id });
    if (!dispute) throw new Error(`no dispute made for order ${order.id}`);
    await tx
      .insert(disputeMessages)
      .values({ disputeId: dispute.id, authorId: actor.id, side: "buyer", body: input.description, photoKeys });
    await announceModeration(tx);
    return dispute;
  });
}
