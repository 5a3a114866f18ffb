import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { orders, reviews, users } from "../../db/schema/index.ts";
import { REVIEW_NEEDS_RECEIPT, REVIEWABLE_ORDER_STATUSES, type ReviewInput } from "../../schemas/reviews.ts";
import type { SessionUser } from "../accounts/index.ts";
import { AppError } from "../errors.ts";
import { notify } from "../notifications/index.ts";
import { orderNotFound } from "../orders/index.ts";
import { countRating } from "./ratings.ts";
import { REVIEW_RULES } from "./review-rules.ts";
import { asMine, shortName } from "./reviews.ts";

/** The buyer's own order they received, with its seller; anything else is refused with the same words. */
async function reviewableOrder(db: Db | Tx, actor: SessionUser, orderId: string) {
  const [order] = await db
    .select({
      id: orders.id,
      buyerId: orders.buyerId,
      status: orders.status,
      advertId: orders.advertId,
      productName: orders.productName,
      sellerId: orders.sellerId,
      sellerName: users.name,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.sellerId))
    .where(eq(orders.id, orderId));
  if (!order) throw orderNotFound();
  if (order.buyerId !== actor.id) throw new AppError("FORBIDDEN", REVIEW_NEEDS_RECEIPT);
  if (!(REVIEWABLE_ORDER_STATUSES as readonly string[]).includes(order.status)) {
    throw new AppError("CONFLICT", REVIEW_NEEDS_RECEIPT);
  }
  return order;
}

/** What "Write a review" needs: the order it is for, and the review when there is one already. */
export async function draftReview(db: Db | Tx, actor: SessionUser, orderId: string) {
  const order = await reviewableOrder(db, actor, orderId);
  const [review] = await db.select().from(reviews).where(eq(reviews.orderId, order.id));
  return {
    order: { id: order.id, productName: order.productName, sellerName: order.sellerName },
    review: review ? asMine(review) : null,
  };
}

/** One review per completed order, by its buyer; the seller's counters and notice in the same transaction. */
export async function writeReview(
  db: Db | Tx,
  actor: SessionUser,
  orderId: string,
  input: ReviewInput,
): Promise<{ id: string }> {
  try {
    return await db.transaction(async (tx) => {
      const order = await reviewableOrder(tx, actor, orderId);
      const [review] = await tx
        .insert(reviews)
        .values({
          orderId: order.id,
          advertId: order.advertId,
          sellerId: order.sellerId,
          authorId: actor.id,
          productName: order.productName,
          rating: input.rating,
          body: input.body,
        })
        .returning({ id: reviews.id });
      if (!review) throw new Error("review not written");
      await countRating(tx, order.sellerId, input.rating, 1);
      await notify(tx, "review.received", {
        recipientId: order.sellerId,
        params: {
          orderId: order.id,
          sellerId: order.sellerId,
          productName: order.productName,
          rating: input.rating,
          authorName: shortName(actor.name),
        },
      });
      return review;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", REVIEW_RULES.alreadyWritten);
    throw error;
  }
}
