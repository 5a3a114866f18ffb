import { and, count, desc, eq, inArray, isNull, max, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { isUniqueViolation, isUuid } from "../../db/errors.ts";
import { keysetCursor, ordered, pastCursor } from "../../db/order.ts";
import { reviewReports, reviews, users } from "../../db/schema/index.ts";
import { BAD_REPORTED_REVIEWS_CURSOR, type ReportedReview } from "../../schemas/reviews.ts";
import { requireAdmin, type SessionUser } from "../accounts/index.ts";
import { dismissedReports, recordAdminAction } from "../audit/index.ts";
import { AppError } from "../errors.ts";
import { announceModeration, notify } from "../notifications/index.ts";
import { countRating } from "./ratings.ts";
import { REVIEW_RULES } from "./review-rules.ts";
import { lockReview } from "./reviews.ts";

const noOpenReports = () => new AppError("NOT_FOUND", "There are no open reports for this review.");

const authors = alias(users, "authors");

export const REPORTED_REVIEWS_PAGE_SIZE = 50;

/** A keyset cursor: the last review shown (its open reports, when it was last reported, its id). */
const cursors = keysetCursor(["count", "time", "id"]);

/**
 * The order of the reported reviews, most reported first, then the most recently reported, then by id (so
 * no two tie): one direction throughout, so a page's cursor is one row comparison in HAVING.
 */
const reportCount = sql`count(*)`;
const lastReported = sql`max(${reviewReports.createdAt})`;
const reviewOrder = [ordered(reportCount, "bigint"), ordered(lastReported, "timestamptz"), reviews.id];

/**
 * Anyone signed in reports a review; admins see the reported ones beside reported laptops (Reported
 * Items), and dismiss the reports or remove the review — its author is told why, and it leaves the
 * seller's page and average in the same transaction.
 */
export function createReviewReports({ db }: { db: Db }) {
  return {
    async report(actor: SessionUser, reviewId: string, details?: string) {
      const [review] = isUuid(reviewId)
        ? await db
            .select({ authorId: reviews.authorId })
            .from(reviews)
            .where(and(eq(reviews.id, reviewId), isNull(reviews.removedAt)))
        : [];
      if (!review) throw new AppError("NOT_FOUND", "This review does not exist.");
      if (review.authorId === actor.id) throw new AppError("CONFLICT", REVIEW_RULES.ownReport);
      try {
        // The admins' open Reported Items pages hear of it once it is committed.
        await db.transaction(async (tx) => {
          await tx.insert(reviewReports).values({ reviewId, reporterId: actor.id, details });
          await announceModeration(tx);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError("CONFLICT", REVIEW_RULES.reportedTwice);
        throw error;
      }
    },

    /**
     * Reviews with open reports, most reported first, in keyset pages (`next` is the cursor of the one after,
     * null on the last). The open reports are read through `review_reports_open_idx`, each page's own
     * through `review_reports_once_idx`.
     */
    async open(
      admin: SessionUser,
      { cursor, limit = REPORTED_REVIEWS_PAGE_SIZE }: { cursor?: string; limit?: number } = {},
    ): Promise<{ reviews: ReportedReview[]; next: string | null }> {
      requireAdmin(admin);
      const after = cursor ? cursors.decode(cursor) : null;
      if (cursor && !after) {
        throw new AppError("VALIDATION_FAILED", BAD_REPORTED_REVIEWS_CURSOR, { cursor: BAD_REPORTED_REVIEWS_CURSOR });
      }
      const size = Math.max(1, Math.min(limit, 100));
      const rows = await db
        .select({
          reviewId: reviews.id,
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
        .having(after ? pastCursor("desc", reviewOrder, after) : undefined)
        .orderBy(desc(reportCount), desc(lastReported), desc(reviews.id))
        .limit(size + 1);
      const groups = rows.slice(0, size);
      const last = groups.at(-1);
      const next =
        rows.length > size && last?.lastReportedAt
          ? cursors.encode(last.reports, new Date(last.lastReportedAt), last.reviewId)
          : null;
      const ids = groups.map((g) => g.reviewId);
      const details = ids.length
        ? await db
            .select({ reviewId: reviewReports.reviewId, details: reviewReports.details })
            .from(reviewReports)
            .where(and(eq(reviewReports.status, "open"), inArray(reviewReports.reviewId, ids)))
        : [];
      return {
        reviews: groups.map(({ lastReportedAt: _, ...g }) => ({
          ...g,
          reports: Number(g.reports),
          details: details.flatMap((d) => (d.reviewId === g.reviewId && d.details ? [d.details] : [])),
        })),
        next,
      };
    },

    /** Nothing wrong: the review's open reports close. */
    async dismiss(admin: SessionUser, reviewId: string) {
      requireAdmin(admin);
      if (!isUuid(reviewId)) throw noOpenReports();
      await db.transaction(async (tx) => {
        const closed = await tx
          .update(reviewReports)
          .set({ status: "dismissed" })
          .where(and(eq(reviewReports.reviewId, reviewId), eq(reviewReports.status, "open")))
          .returning({ id: reviewReports.id });
        if (closed.length === 0) throw noOpenReports();
        await recordAdminAction(
          tx,
          admin.id,
          "dismiss-review-reports",
          { type: "review", id: reviewId },
          dismissedReports(closed.length, "a review"),
        );
        await announceModeration(tx);
      });
    },

    /** Removes the review for good: off the seller's page and average; its author is told the reason. */
    async remove(admin: SessionUser, reviewId: string, reason: string) {
      requireAdmin(admin);
      await db.transaction(async (tx) => {
        const review = await lockReview(tx, reviewId);
        if (review.removedAt) throw new AppError("CONFLICT", REVIEW_RULES.removed);
        await tx.update(reviews).set({ removedAt: new Date(), removalReason: reason }).where(eq(reviews.id, review.id));
        await countRating(tx, review.sellerId, review.rating, -1);
        await tx
          .update(reviewReports)
          .set({ status: "actioned" })
          .where(and(eq(reviewReports.reviewId, review.id), eq(reviewReports.status, "open")));
        await notify(tx, "review.removed", {
          recipientId: review.authorId,
          params: { orderId: review.orderId, productName: review.productName, reason },
        });
        await recordAdminAction(
          tx,
          admin.id,
          "remove-review",
          { type: "review", id: review.id },
          `Removed a review of “${review.productName}”: ${reason}`,
        );
        await announceModeration(tx);
      });
    },
  };
}

export type ReviewReports = ReturnType<typeof createReviewReports>;
