import { REVIEW_EDIT_DAYS, REVIEW_NEEDS_RECEIPT } from "../../schemas/reviews.ts";
import { AppError } from "../errors.ts";

/**
 * Who may do what to a review, and what everyone else is told. A review is published, then maybe
 * removed (by an admin, for good); nothing else changes its state.
 *
 *   (a completed order) ──write (its buyer, once)──► published ──remove (an admin)──► removed
 *   published: edit (its author, for 30 days) · answer (its seller, once) · report (anyone signed in)
 */
export interface ReviewFacts {
  authorId: string;
  sellerId: string;
  createdAt: Date;
  reply: string | null;
  removedAt: Date | null;
}

export const REVIEW_RULES = {
  /** The order's own buyer, once the order is completed (they confirmed receipt). */
  write: { refusal: REVIEW_NEEDS_RECEIPT },
  edit: {
    notAuthor: "Only its author can change a review.",
    tooLate: `A review can be changed for ${REVIEW_EDIT_DAYS} days after it was written.`,
  },
  answer: { notSeller: "Only the seller can answer this review.", once: "You have already answered this review." },
  notFound: "This review does not exist.",
  removed: "This review was removed.",
  alreadyWritten: "You have already reviewed this order.",
  ownReport: "You cannot report your own review.",
  reportedTwice: "You have already reported this review.",
} as const;

const DAY_MS = 24 * 3600 * 1000;
export const editableUntil = (createdAt: Date) => new Date(createdAt.getTime() + REVIEW_EDIT_DAYS * DAY_MS);

/** Throws what the table says when `actorId` may not edit the review now. */
export function assertMayEdit(review: ReviewFacts, actorId: string, now = new Date()) {
  if (review.authorId !== actorId) throw new AppError("FORBIDDEN", REVIEW_RULES.edit.notAuthor);
  if (review.removedAt) throw new AppError("CONFLICT", REVIEW_RULES.removed);
  if (now > editableUntil(review.createdAt)) throw new AppError("CONFLICT", REVIEW_RULES.edit.tooLate);
}

/** Throws what the table says when `actorId` may not answer the review. */
export function assertMayAnswer(review: ReviewFacts, actorId: string) {
  if (review.sellerId !== actorId) throw new AppError("FORBIDDEN", REVIEW_RULES.answer.notSeller);
  if (review.removedAt) throw new AppError("CONFLICT", REVIEW_RULES.removed);
  if (review.reply !== null) throw new AppError("CONFLICT", REVIEW_RULES.answer.once);
}
