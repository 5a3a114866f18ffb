import { and, eq, isNull } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { reviews } from "../../db/schema/index.ts";
import type { SessionUser } from "../accounts/index.ts";
import { AppError } from "../errors.ts";
import { notify } from "../notifications/index.ts";
import { countRating } from "./ratings.ts";
import { REVIEW_RULES } from "./review-rules.ts";
import { lockReview } from "./reviews.ts";

/**
 * What the report queue (core/moderation) asks of a review: anyone signed in may report a published one but
 * their own; an admin removes it for good.
 */
export async function assertReviewReportable(db: Db | Tx, actor: SessionUser, reviewId: string) {
  const [review] = await db
    .select({ authorId: reviews.authorId })
    .from(reviews)
    .where(and(eq(reviews.id, reviewId), isNull(reviews.removedAt)));
  if (!review) throw new AppError("NOT_FOUND", "This review does not exist.");
  if (review.authorId === actor.id) throw new AppError("CONFLICT", REVIEW_RULES.ownReport);
}

/**
 * Off the seller's page and average in the caller's transaction; its author is told the reason. Returns the
 * review as it was.
 */
export async function removeReview(tx: Tx, reviewId: string, reason: string) {
  const review = await lockReview(tx, reviewId);
  if (review.removedAt) throw new AppError("CONFLICT", REVIEW_RULES.removed);
  await tx.update(reviews).set({ removedAt: new Date(), removalReason: reason }).where(eq(reviews.id, review.id));
  await countRating(tx, review.sellerId, review.rating, -1);
  await notify(tx, "review.removed", {
    recipientId: review.authorId,
    params: { orderId: review.orderId, productName: review.productName, reason },
  });
  return review;
}
