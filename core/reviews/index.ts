/**
 * Reviews and seller reputation: a buyer reviews the seller of an order they received (once, editable for
 * 30 days), the seller answers once, anyone signed in reports a review and admins remove it. Every write
 * keeps the seller's rating counters (seller_ratings) in its own transaction, so cards show the rating
 * through one join. Who may do what: review-rules.ts. One verb per file, each taking the database or the
 * caller's transaction, the actor and the input.
 */
export type { MyReview, ReviewView, SellerReviews, SellerTrust } from "../../schemas/reviews.ts";
export { answerReview } from "./answer.ts";
export { editReview } from "./edit.ts";
export { reviewsOfOrders, writtenAmong } from "./mine.ts";
export { countRating } from "./ratings.ts";
// What the report queue (core/moderation) asks of a review.
export { assertReviewReportable, removeReview } from "./review-moderation.ts";
export { editableUntil, REVIEW_RULES } from "./review-rules.ts";
// How a reviewer is named wherever a review is shown (a person's data export too).
export { shortName } from "./reviews.ts";
export { sellerReviews } from "./seller-reviews.ts";
export { sellerTrust } from "./trust.ts";
export { draftReview, writeReview } from "./write.ts";
