import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { reviews } from "../../db/schema/index.ts";
import { DELETED_USER_NAME } from "../../schemas/accounts.ts";
import type { MyReview } from "../../schemas/reviews.ts";
import { AppError } from "../errors.ts";
import { editableUntil, REVIEW_RULES, type ReviewFacts } from "./review-rules.ts";

/** The review row, locked for the rest of the caller's transaction (edits, answers and removals queue). */
export async function lockReview(tx: Tx, reviewId: string) {
  const [review] = await tx.select().from(reviews).where(eq(reviews.id, reviewId)).for("update");
  if (!review) throw new AppError("NOT_FOUND", REVIEW_RULES.notFound);
  return review satisfies ReviewFacts;
}

/** A review as its author reads it (My Orders, the review form). */
export const asMine = (r: typeof reviews.$inferSelect): MyReview => ({
  id: r.id,
  orderId: r.orderId,
  rating: r.rating,
  body: r.body,
  editableUntil: editableUntil(r.createdAt).toISOString(),
  removedBecause: r.removedAt ? r.removalReason : null,
});

/**
 * "Bea Buyer" → "Bea B.": enough to recognise a real buyer, not enough to find them. A deleted account's
 * review stays, under "Deleted user" whole.
 */
export const shortName = (name: string) => {
  if (name === DELETED_USER_NAME) return name;
  const [first, ...rest] = name.trim().split(/\s+/);
  const last = rest.at(-1);
  return last ? `${first} ${last[0]?.toUpperCase()}.` : (first ?? "");
};
