import { and, eq, isNull } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { descAsIndexed, keysetCursor, pastCursor } from "../../db/order.ts";
import { reviews, sellerRatings, users } from "../../db/schema/index.ts";
import { type ReviewView, type SellerReviews, toRating } from "../../schemas/reviews.ts";
import { histogramOf } from "./ratings.ts";
import { shortName } from "./reviews.ts";

export const REVIEWS_PAGE_SIZE = 10;

/** A keyset cursor: the last review shown (when it was written, and its id), opaque to clients. */
const cursors = keysetCursor(["time", "id"]);

/** A seller's reviews that no admin removed, as the reviews_seller_published_idx index holds them. */
const published = (sellerId: string) => and(eq(reviews.sellerId, sellerId), isNull(reviews.removedAt));

/** A page of a seller's published reviews, newest first, from past a cursor: read in its index's order. */
export const sellerReviewsQuery = (db: Db | Tx, sellerId: string, after: string[] | null, limit: number) =>
  db
    .select({
      id: reviews.id,
      rating: reviews.rating,
      body: reviews.body,
      authorName: users.name,
      productName: reviews.productName,
      advertId: reviews.advertId,
      createdAt: reviews.createdAt,
      editedAt: reviews.editedAt,
      reply: reviews.reply,
      repliedAt: reviews.repliedAt,
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.authorId))
    .where(and(published(sellerId), after ? pastCursor("desc", [reviews.createdAt, reviews.id], after) : undefined))
    .orderBy(descAsIndexed(reviews.createdAt), descAsIndexed(reviews.id))
    .limit(limit);

const asView = (r: Awaited<ReturnType<typeof sellerReviewsQuery>>[number]): ReviewView => ({
  id: r.id,
  rating: r.rating,
  body: r.body,
  authorName: shortName(r.authorName),
  productName: r.productName,
  advertId: r.advertId,
  createdAt: r.createdAt.toISOString(),
  edited: r.editedAt !== null,
  answer: r.reply && r.repliedAt ? { text: r.reply, at: r.repliedAt.toISOString() } : null,
});

/**
 * A seller's rating, histogram and published reviews, newest first, keyset-paged (a cursor that is not one
 * of ours means page one); null when the seller has no public page: not a seller, or deleted.
 */
export async function sellerReviews(db: Db | Tx, sellerId: string, cursor?: string): Promise<SellerReviews | null> {
  const [seller] = await db
    .select({
      id: users.id,
      reviewCount: sellerRatings.reviewCount,
      ratingSum: sellerRatings.ratingSum,
      stars1: sellerRatings.stars1,
      stars2: sellerRatings.stars2,
      stars3: sellerRatings.stars3,
      stars4: sellerRatings.stars4,
      stars5: sellerRatings.stars5,
    })
    .from(users)
    .leftJoin(sellerRatings, eq(sellerRatings.sellerId, users.id))
    .where(and(eq(users.id, sellerId), eq(users.role, "seller"), isNull(users.deactivatedAt)));
  if (!seller) return null;
  const after = cursor ? cursors.decode(cursor) : null;
  const rows = await sellerReviewsQuery(db, seller.id, after, REVIEWS_PAGE_SIZE + 1);
  const page = rows.slice(0, REVIEWS_PAGE_SIZE);
  const last = page.at(-1);
  const counts = seller.reviewCount === null ? null : (seller as Parameters<typeof histogramOf>[0]);
  return {
    rating: toRating(seller.ratingSum, seller.reviewCount),
    histogram: histogramOf(counts),
    reviews: page.map(asView),
    nextCursor: rows.length > REVIEWS_PAGE_SIZE && last ? cursors.encode(last.createdAt, last.id) : null,
  };
}
