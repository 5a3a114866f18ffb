import { and, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { isUniqueViolation, isUuid } from "../../db/errors.ts";
import { descAsIndexed, pastCursor } from "../../db/order.ts";
import { adverts, orders, reviews, sellerRatings, users } from "../../db/schema/index.ts";
import {
  type MyReview,
  REVIEW_NEEDS_RECEIPT,
  REVIEWABLE_ORDER_STATUSES,
  type ReviewInput,
  type ReviewView,
  type SellerReviews,
  type SellerTrust,
  toRating,
} from "../../schemas/reviews.ts";
import type { SessionUser } from "../accounts/index.ts";
import { AppError } from "../errors.ts";
import { notify } from "../notifications/index.ts";
import { countRating, histogramOf } from "./ratings.ts";
import { assertMayAnswer, assertMayEdit, editableUntil, REVIEW_RULES, type ReviewFacts } from "./review-rules.ts";

export const REVIEWS_PAGE_SIZE = 10;

/** "Bea Buyer" → "Bea B.": enough to recognise a real buyer, not enough to find them. */
const shortName = (name: string) => {
  const [first, ...rest] = name.trim().split(/\s+/);
  const last = rest.at(-1);
  return last ? `${first} ${last[0]?.toUpperCase()}.` : (first ?? "");
};

/** The cursor is the last review's (createdAt, id), opaque to clients; a malformed one means page one. */
type Cursor = { at: string; id: string };
const encode = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString("base64url");
function decode(cursor: string | undefined): Cursor | undefined {
  if (!cursor) return undefined;
  try {
    const c = JSON.parse(Buffer.from(cursor, "base64url").toString());
    const ok = typeof c?.id === "string" && isUuid(c.id) && typeof c.at === "string" && !Number.isNaN(Date.parse(c.at));
    return ok ? c : undefined;
  } catch {
    return undefined;
  }
}

/** The review row, locked for the rest of the caller's transaction (edits, answers and removals queue). */
export async function lockReview(tx: Tx, reviewId: string) {
  const [review] = isUuid(reviewId)
    ? await tx.select().from(reviews).where(eq(reviews.id, reviewId)).for("update")
    : [];
  if (!review) throw new AppError("NOT_FOUND", "This review does not exist.");
  return review satisfies ReviewFacts;
}

/** A seller that has a public page: a seller account that was not deleted. */
const activeSeller = (id: string): SQL | undefined =>
  and(eq(users.id, id), eq(users.role, "seller"), isNull(users.deactivatedAt));

/** A page of a seller's published reviews, newest first, from past a cursor: read in its index's order. */
export const sellerReviewsQuery = (db: Db, sellerId: string, after: Cursor | undefined, limit: number) =>
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
    .where(
      and(
        eq(reviews.sellerId, sellerId),
        isNull(reviews.removedAt),
        after ? pastCursor("desc", [reviews.createdAt, reviews.id], [after.at, after.id]) : undefined,
      ),
    )
    .orderBy(descAsIndexed(reviews.createdAt), descAsIndexed(reviews.id))
    .limit(limit);

/** Buyers review the seller of an order they received; sellers answer; everyone reads. */
export function createReviews({ db }: { db: Db }) {
  /** The buyer's own order they received, with its seller; anything else is refused with the same words. */
  async function reviewableOrder(tx: Db | Tx, actor: SessionUser, orderId: string) {
    const [order] = isUuid(orderId)
      ? await tx
          .select({
            id: orders.id,
            buyerId: orders.buyerId,
            status: orders.status,
            advertId: orders.advertId,
            productName: orders.productName,
            sellerId: adverts.sellerId,
            sellerName: users.name,
          })
          .from(orders)
          .innerJoin(adverts, eq(adverts.id, orders.advertId))
          .innerJoin(users, eq(users.id, adverts.sellerId))
          .where(eq(orders.id, orderId))
      : [];
    if (!order) throw new AppError("NOT_FOUND", "This order does not exist.");
    if (order.buyerId !== actor.id) throw new AppError("FORBIDDEN", REVIEW_NEEDS_RECEIPT);
    if (!(REVIEWABLE_ORDER_STATUSES as readonly string[]).includes(order.status)) {
      throw new AppError("CONFLICT", REVIEW_NEEDS_RECEIPT);
    }
    return order;
  }

  const toMine = (r: typeof reviews.$inferSelect): MyReview => ({
    id: r.id,
    orderId: r.orderId,
    rating: r.rating,
    body: r.body,
    editableUntil: editableUntil(r.createdAt).toISOString(),
    removedBecause: r.removedAt ? r.removalReason : null,
  });

  return {
    /** What "Write a review" needs: the order it is for, and the review when there is one already. */
    async draft(actor: SessionUser, orderId: string) {
      const order = await reviewableOrder(db, actor, orderId);
      const [review] = await db.select().from(reviews).where(eq(reviews.orderId, order.id));
      return {
        order: { id: order.id, productName: order.productName, sellerName: order.sellerName },
        review: review ? toMine(review) : null,
      };
    },

    /** One review per completed order, by its buyer; the seller's counters and notice in the same transaction. */
    async write(actor: SessionUser, orderId: string, input: ReviewInput): Promise<{ id: string }> {
      try {
        return await db.transaction(async (tx) => {
          const order = await reviewableOrder(tx, actor, orderId);
          const [review] = await tx
            .insert(reviews)
            .values({
              orderId: order.id,
              advertId: order.advertId,
              sellerId: order.sellerId,
              authorId: actor.id,
              productName: order.productName,
              rating: input.rating,
              body: input.body,
            })
            .returning({ id: reviews.id });
          if (!review) throw new Error("review not written");
          await countRating(tx, order.sellerId, input.rating, 1);
          await notify(tx, "review.received", {
            recipientId: order.sellerId,
            params: {
              orderId: order.id,
              sellerId: order.sellerId,
              productName: order.productName,
              rating: input.rating,
              authorName: shortName(actor.name),
            },
          });
          return review;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError("CONFLICT", REVIEW_RULES.alreadyWritten);
        throw error;
      }
    },

    /** Its author changes rating and text within 30 days; the counters follow the rating. */
    async edit(actor: SessionUser, reviewId: string, input: ReviewInput) {
      await db.transaction(async (tx) => {
        const review = await lockReview(tx, reviewId);
        assertMayEdit(review, actor.id);
        await tx
          .update(reviews)
          .set({ rating: input.rating, body: input.body, editedAt: new Date() })
          .where(eq(reviews.id, review.id));
        if (review.rating !== input.rating) {
          await countRating(tx, review.sellerId, review.rating, -1);
          await countRating(tx, review.sellerId, input.rating, 1);
        }
      });
    },

    /** The seller's one public answer. */
    async answer(actor: SessionUser, reviewId: string, text: string) {
      await db.transaction(async (tx) => {
        const review = await lockReview(tx, reviewId);
        assertMayAnswer(review, actor.id);
        await tx.update(reviews).set({ reply: text, repliedAt: new Date() }).where(eq(reviews.id, review.id));
      });
    },

    /** The buyer's reviews of these orders (My Orders), in one query. */
    async forOrders(actor: SessionUser, orderIds: string[]): Promise<Record<string, MyReview>> {
      if (orderIds.length === 0) return {};
      const rows = await db
        .select()
        .from(reviews)
        .where(and(eq(reviews.authorId, actor.id), inArray(reviews.orderId, orderIds)));
      return Object.fromEntries(rows.map((r) => [r.orderId, toMine(r)]));
    },

    /** Of these reviews, the ones this person wrote (one query for a page): nobody reports their own. */
    async writtenAmong(actor: SessionUser, reviewIds: string[]): Promise<string[]> {
      const ids = reviewIds.filter(isUuid);
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: reviews.id })
        .from(reviews)
        .where(and(eq(reviews.authorId, actor.id), inArray(reviews.id, ids)));
      return rows.map((r) => r.id);
    },

    /**
     * A seller's rating, histogram and published reviews, newest first, keyset-paged; null when the seller
     * has no public page (not a seller, or deleted).
     */
    async sellerReviews(sellerId: string, cursor?: string): Promise<SellerReviews | null> {
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
        .where(activeSeller(sellerId));
      if (!seller) return null;
      const after = decode(cursor);
      const rows = await sellerReviewsQuery(db, seller.id, after, REVIEWS_PAGE_SIZE + 1);
      const page = rows.slice(0, REVIEWS_PAGE_SIZE);
      const last = page.at(-1);
      const counts = seller.reviewCount === null ? null : (seller as Parameters<typeof histogramOf>[0]);
      return {
        rating: toRating(seller.ratingSum, seller.reviewCount),
        histogram: histogramOf(counts),
        reviews: page.map(
          (r): ReviewView => ({
            id: r.id,
            rating: r.rating,
            body: r.body,
            authorName: shortName(r.authorName),
            productName: r.productName,
            advertId: r.advertId,
            createdAt: r.createdAt.toISOString(),
            edited: r.editedAt !== null,
            answer: r.reply && r.repliedAt ? { text: r.reply, at: r.repliedAt.toISOString() } : null,
          }),
        ),
        nextCursor:
          rows.length > REVIEWS_PAGE_SIZE && last ? encode({ at: last.createdAt.toISOString(), id: last.id }) : null,
      };
    },

    /** The laptop page's trust panel: one query (the rating from its counters, sales counted by index). */
    async trust(sellerId: string): Promise<SellerTrust | null> {
      const [row] = await db
        .select({
          verified: users.verified,
          memberSince: users.createdAt,
          reviewCount: sellerRatings.reviewCount,
          ratingSum: sellerRatings.ratingSum,
          completedSales:
            sql<number>`(select count(*)::int from ${orders} join ${adverts} on ${adverts.id} = ${orders.advertId}
            where ${adverts.sellerId} = ${users.id} and ${orders.status} = 'completed')`.mapWith(Number),
        })
        .from(users)
        .leftJoin(sellerRatings, eq(sellerRatings.sellerId, users.id))
        .where(eq(users.id, sellerId));
      if (!row) return null;
      return {
        verified: row.verified,
        memberSince: row.memberSince.toISOString(),
        completedSales: row.completedSales,
        rating: toRating(row.ratingSum, row.reviewCount),
      };
    },
  };
}

export type Reviews = ReturnType<typeof createReviews>;
