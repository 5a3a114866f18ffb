import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { disputeMessages, disputes, orders } from "../../db/schema/index.ts";
import { DISPUTE_CLOSED, type DisputeMessageInput } from "../../schemas/disputes.ts";
import type { SessionUser } from "../accounts/index.ts";
import { AppError } from "../errors.ts";
import type { MediaStorage } from "../media/index.ts";
import { announceModeration, notify } from "../notifications/index.ts";
import { disputeOnOrder, noDispute } from "./dispute-access.ts";
import { storeDisputePhotos } from "./dispute-photos.ts";

/**
 * The seller answers a reported problem, or the buyer adds to it, with text and photos, while it is open:
 * the other one is told (a notice and an email), and admins' open Disputes pages read themselves again.
 * Only the order's buyer and seller write (admins read and decide); anyone else reads 404.
 */
export async function addDisputeMessage(
  db: Db,
  media: MediaStorage,
  actor: SessionUser,
  orderId: string,
  input: DisputeMessageInput,
): Promise<{ id: string }> {
  const { dispute, side } = await disputeOnOrder(db, actor, orderId);
  if (side === "admin") throw noDispute();
  if (dispute.decidedAt) throw new AppError("CONFLICT", DISPUTE_CLOSED);
  const photoKeys = await storeDisputePhotos(media, input.photos);
  return db.transaction(async (tx) => {
    // Decided meanwhile: the decision is final, and nobody would read an answer after it.
    const [open] = await tx
      .select({ decidedAt: disputes.decidedAt })
      .from(disputes)
      .where(eq(disputes.id, dispute.id))
      .for("share");
    if (open?.decidedAt) throw new AppError("CONFLICT", DISPUTE_CLOSED);
    const [message] = await tx
      .insert(disputeMessages)
      .values({ disputeId: dispute.id, authorId: actor.id, side, body: input.body, photoKeys })
      .returning({ id: disputeMessages.id });
    if (!message) throw new Error(`no message written on dispute ${dispute.id}`);
    const [order] = await tx
      .select({
        id: orders.id,
        number: orders.number,
        productName: orders.productName,
        buyerId: orders.buyerId,
        sellerId: orders.sellerId,
        buyerName: orders.buyerName,
      })
      .from(orders)
      .where(eq(orders.id, dispute.orderId));
    if (!order) throw new Error(`dispute ${dispute.id} lost its order`);
    await notify(tx, "dispute.message", {
      recipientId: side === "buyer" ? order.sellerId : order.buyerId,
      params: { orderId: order.id, orderNumber: order.number, productName: order.productName, from: side },
    });
    await announceModeration(tx);
    return message;
  });
}
