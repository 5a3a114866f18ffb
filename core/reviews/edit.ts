import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { reviews } from "../../db/schema/index.ts";
import type { ReviewInput } from "../../schemas/reviews.ts";
import type { SessionUser } from "../accounts/index.ts";
import { countRating } from "./ratings.ts";
import { assertMayEdit } from "./review-rules.ts";
import { lockReview } from "./reviews.ts";

/** Its author changes rating and text within 30 days; the counters follow the rating. */
export async function editReview(db: Db | Tx, actor: SessionUser, reviewId: string, input: ReviewInput) {
  await db.transaction(async (tx) => {
    const review = await lockReview(tx, reviewId);
    assertMayEdit(review, actor.id);
    await tx
      .update(reviews)
      .set({ rating: input.rating, body: input.body, editedAt: new Date() })
      .where(eq(reviews.id, review.id));
    if (review.rating !== input.rating) {
      await countRating(tx, review.sellerId, review.rating, -1);
      await countRating(tx, review.sellerId, input.rating, 1);
    }
  });
}
