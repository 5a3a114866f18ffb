/** Reviews and seller reputation (core/reviews). */
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { REPORT_STATUSES } from "../../schemas/values.ts";
import { userRef } from "./accounts.ts";
import { adverts } from "./catalogue.ts";
import { createdAt, timestamps, uuidPrimaryKey, uuidRef } from "./columns.ts";
import { orders } from "./orders.ts";

/**
 * A buyer's review of a completed order's seller: one per order, editable by its author for 30 days,
 * answered once by the seller, removed (never deleted) by an admin with a reason its author sees.
 * published → removed; see core/reviews/review-rules.ts for who may do what.
 */
export const reviews = pgTable(
  "reviews",
  {
    id: uuidPrimaryKey(),
    orderId: uuidRef("order_id", () => orders.id, "restrict").unique(),
    advertId: uuidRef("advert_id", () => adverts.id, "restrict"),
    sellerId: userRef("seller_id", "restrict"),
    authorId: userRef("author_id", "restrict"),
    /** Copied from the order: the laptop it was for, as bought. */
    productName: text("product_name").notNull(),
    rating: smallint("rating").notNull(),
    body: text("body").notNull(),
    /** Set when its author last changed it (shown as "edited"). */
    editedAt: timestamp("edited_at", { withTimezone: true, precision: 3 }),
    /** The seller's one public answer. */
    reply: text("reply"),
    repliedAt: timestamp("replied_at", { withTimezone: true, precision: 3 }),
    /** Set when an admin removes the review: it leaves the seller's page and average. */
    removedAt: timestamp("removed_at", { withTimezone: true, precision: 3 }),
    removalReason: text("removal_reason"),
    ...timestamps(),
  },
  (t) => [
    check("reviews_rating_check", sql`${t.rating} between 1 and 5`),
    // A seller's page: published reviews newest first, in keyset pages.
    index("reviews_seller_published_idx")
      .on(t.sellerId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.removedAt} is null`),
    index("reviews_author_idx").on(t.authorId),
  ],
);

/**
 * A seller's rating, kept in the transaction of every review write (create, edit, removal), so cards show
 * "★ 4.8 (23)" through one join instead of an aggregate per card. stars1..stars5 are the histogram.
 */
export const sellerRatings = pgTable(
  "seller_ratings",
  {
    sellerId: userRef("seller_id", "cascade").primaryKey(),
    reviewCount: integer("review_count").notNull().default(0),
    ratingSum: integer("rating_sum").notNull().default(0),
    stars1: integer("stars_1").notNull().default(0),
    stars2: integer("stars_2").notNull().default(0),
    stars3: integer("stars_3").notNull().default(0),
    stars4: integer("stars_4").notNull().default(0),
    stars5: integer("stars_5").notNull().default(0),
  },
  (t) => [check("seller_ratings_count_check", sql`${t.reviewCount} >= 0 and ${t.ratingSum} >= 0`)],
);

/** Anyone signed in may report a review once; admins dismiss the reports or remove the review. */
export const reviewReports = pgTable(
  "review_reports",
  {
    id: uuidPrimaryKey(),
    reviewId: uuidRef("review_id", () => reviews.id, "cascade"),
    reporterId: userRef("reporter_id", "restrict"),
    details: text("details"),
    status: text("status", { enum: REPORT_STATUSES }).notNull().default("open"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("review_reports_once_idx").on(t.reviewId, t.reporterId),
    index("review_reports_open_idx").on(t.createdAt).where(sql`${t.status} = 'open'`),
  ],
);
