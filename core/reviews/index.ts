/**
 * Reviews and seller reputation: a buyer reviews the seller of an order they received (once, editable for
 * 30 days), the seller answers once, anyone signed in reports a review (to core/moderation's report queue)
 * and admins remove it. Every write keeps the seller's rating counters (seller_ratings) in its own
 * transaction, so cards show the rating through one join. Who may do what: review-rules.ts.
 */
export type { MyReview, ReviewView, SellerReviews, SellerTrust } from "../../schemas/reviews.ts";
export { countRating } from "./ratings.ts";
// What the report queue (core/moderation) asks of a review.
export { assertReviewReportable, removeReview } from "./review-moderation.ts";
export { editableUntil, REVIEW_RULES } from "./review-rules.ts";
export { createReviews, type Reviews, sellerReviewsQuery } from "./reviews.ts";
