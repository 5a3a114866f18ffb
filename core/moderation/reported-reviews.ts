import { and, count, eq, inArray, max, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { keysetCursor, ordered } from "../../db/order.ts";
import { reviewReports, reviews, users } from "../../db/schema/index.ts";
import type { ReportedReview } from "../../schemas/moderation.ts";
import { assertReviewReportable, REVIEW_RULES, removeReview } from "../reviews/index.ts";
import { reportTarget } from "./report-target.ts";

const authors = alias(users, "authors");

/**
 * Anyone signed in reports a review (not their own). Admins see the reported ones most reported first, then
 * the most recently reported; they dismiss the reports or remove the review, which leaves the seller's page
 * and average and whose author is told why. Its reporters are not told.
 */
export const reportedReviews = reportTarget({
  type: "review",
  noun: { one: "review", many: "reviews" },
  table: reviewReports,
  column: reviewReports.reviewId,
  assertReportable: assertReviewReportable,
  async write(tx, actor, reviewId, { details }: { details?: string }) {
    await tx.insert(reviewReports).values({ reviewId, reporterId: actor.id, details });
  },
  reportedTwice: REVIEW_RULES.reportedTwice,

  listed: "reviews",
  cursor: keysetCursor(["count", "time", "id"]),
  order: [ordered(sql`count(*)`, "bigint"), ordered(sql`max(${reviewReports.createdAt})`, "timestamptz"), reviews.id],
  groups: (db, { having, orderBy, limit }) =>
    db
      .select({
        targetId: reviews.id,
        sellerId: reviews.sellerId,
        sellerName: users.name,
        authorName: authors.name,
        productName: reviews.productName,
        rating: reviews.rating,
        body: reviews.body,
        reports: count(),
        lastReportedAt: max(reviewReports.createdAt),
      })
      .from(reviewReports)
      .innerJoin(reviews, eq(reviews.id, reviewReports.reviewId))
      .innerJoin(users, eq(users.id, reviews.sellerId))
      .innerJoin(authors, eq(authors.id, reviews.authorId))
      .where(eq(reviewReports.status, "open"))
      .groupBy(reviews.id, users.name, authors.name)
      .having(having)
      .orderBy(...orderBy)
      .limit(limit),
  cursorOf: (g) => [g.reports, new Date(g.lastReportedAt ?? 0), g.targetId],
  reportsOf: (db, ids) =>
    db
      .select({ targetId: reviewReports.reviewId, details: reviewReports.details })
      .from(reviewReports)
      .where(and(eq(reviewReports.status, "open"), inArray(reviewReports.reviewId, ids))),
  item: ({ targetId, lastReportedAt: _, ...g }, open): ReportedReview => ({
    reviewId: targetId,
    ...g,
    reports: Number(g.reports),
    details: open.flatMap((d) => (d.details ? [d.details] : [])),
  }),

  dismissal: { action: "dismiss-review-reports", of: "a review" },
  async remove(tx, _admin, reviewId, reason) {
    const review = await removeReview(tx, reviewId, reason);
    return `Removed a review of “${review.productName}”: ${reason}`;
  },
  removal: { action: "remove-review" },
});
