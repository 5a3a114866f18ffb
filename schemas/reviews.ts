import { z } from "zod";
import { fromForm, numberFromText } from "./form-values.ts";
import { optionalText, requiredText, visibleLength } from "./text-fields.ts";
import type { OrderStatus } from "./values.ts";

/** Refused for an order that is someone else's or not yet received (the one message for both). */
export const REVIEW_NEEDS_RECEIPT = "You can review a seller once you have received the laptop.";
/** The laptop is in its buyer's hands (handed over, in dispute, or the sale final): they may review its seller. */
export const REVIEWABLE_ORDER_STATUSES = [
  "handed_over",
  "disputed",
  "completed",
] as const satisfies readonly OrderStatus[];
/** How long a review's author may change it. */
export const REVIEW_EDIT_DAYS = 30;
export const STARS = [1, 2, 3, 4, 5] as const;
export const starLabel = (n: number) => `${n} star${n === 1 ? "" : "s"}`;

/** Ten characters a reader sees: spaces and invisible characters make no review (text-fields.ts). */
const reviewText = requiredText("Write your review")
  .refine((v) => visibleLength(v) >= 10, "Your review must be at least 10 characters")
  .max(1000, "Your review must be 1,000 characters or fewer");

const RATING = "Choose a rating from 1 to 5 stars";

/** "Write a review": a number of stars from 1 to 5 (a JSON number: "3", true or [3] is refused, naming it). */
export const reviewSchema = z.object({
  rating: z.number({ error: RATING }).int(RATING).min(1, RATING).max(5, RATING),
  body: reviewText,
});
export type ReviewInput = z.infer<typeof reviewSchema>;

/** The review form: its rating arrives as the text "1"…"5", read as a number before the same rules. */
export const reviewFormSchema = fromForm(reviewSchema, { rating: numberFromText });

/** The seller's one public answer. */
export const answerSchema = z.object({
  answer: requiredText("Write your answer").max(1000, "Your answer must be 1,000 characters or fewer"),
});

export const reviewReportSchema = z.object({ details: optionalText(1000, "Keep it under 1000 characters") });

/** A seller's reviews page: `cursor` is the previous page's `nextCursor`. */
export const reviewPageQuery = z.object({ cursor: z.string().max(200).optional() });

/* ── Replies ─────────────────────────────────────────────────────────────── */

/** "★ 4.8 (23)": the average to one decimal and how many reviews; null when there are none. */
export const ratingSchema = z.object({ average: z.number(), count: z.int() }).meta({ id: "SellerRating" });
export type Rating = z.infer<typeof ratingSchema>;

/** From the counters kept beside every review write (seller_ratings). */
export function toRating(sum: number | null, count: number | null): Rating | null {
  if (!count || sum === null) return null;
  return { average: Math.round((sum / count) * 10) / 10, count };
}

export { formatRating } from "./rating-label.ts";

export const reviewViewSchema = z
  .object({
    id: z.uuid(),
    rating: z.int(),
    body: z.string(),
    authorName: z.string(),
    /** The laptop it was for, as bought. */
    productName: z.string(),
    advertId: z.uuid(),
    createdAt: z.string(),
    edited: z.boolean(),
    answer: z.object({ text: z.string(), at: z.string() }).nullable(),
  })
  .meta({ id: "Review" });
export type ReviewView = z.infer<typeof reviewViewSchema>;

export const sellerReviewsSchema = z
  .object({
    rating: ratingSchema.nullable(),
    /** How many published reviews gave 5, 4, 3, 2 and 1 stars, in that order. */
    histogram: z.array(z.object({ stars: z.int(), count: z.int() })),
    reviews: z.array(reviewViewSchema),
    nextCursor: z.string().nullable(),
  })
  .meta({ id: "SellerReviews" });
export type SellerReviews = z.infer<typeof sellerReviewsSchema>;

/** A buyer's own review of one of their orders (My Orders, the review form). */
export const myReviewSchema = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  rating: z.int(),
  body: z.string(),
  editableUntil: z.string(),
  removedBecause: z.string().nullable(),
});
export type MyReview = z.infer<typeof myReviewSchema>;

/** What the laptop page's trust panel shows about its seller. */
export const sellerTrustSchema = z.object({
  verified: z.boolean(),
  memberSince: z.string(),
  completedSales: z.int(),
  rating: ratingSchema.nullable(),
});
export type SellerTrust = z.infer<typeof sellerTrustSchema>;
