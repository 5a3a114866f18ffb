import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { reviews } from "../../db/schema/index.ts";
import type { SessionUser } from "../accounts/index.ts";
import { assertMayAnswer } from "./review-rules.ts";
import { lockReview } from "./reviews.ts";

/** The seller's one public answer. */
export async function answerReview(db: Db | Tx, actor: SessionUser, reviewId: string, text: string) {
  await db.transaction(async (tx) => {
    const review = await lockReview(tx, reviewId);
    assertMayAnswer(review, actor.id);
    await tx.update(reviews).set({ reply: text, repliedAt: new Date() }).where(eq(reviews.id, review.id));
  });
}
