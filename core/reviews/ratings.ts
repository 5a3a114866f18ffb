import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { sellerRatings } from "../../db/schema/index.ts";

const STAR_COLUMNS = {
  1: sellerRatings.stars1,
  2: sellerRatings.stars2,
  3: sellerRatings.stars3,
  4: sellerRatings.stars4,
  5: sellerRatings.stars5,
} as const;
const STAR_KEYS = { 1: "stars1", 2: "stars2", 3: "stars3", 4: "stars4", 5: "stars5" } as const;

/**
 * Counts a rating in (+1) or out (−1) of its seller's counters, in the caller's transaction — the one
 * that writes, edits or removes the review — so cards read the average with one join and never drift.
 * Each is one statement on the seller's row: concurrent reviews of the same seller add up instead of
 * overwriting each other.
 */
export async function countRating(tx: Db | Tx, sellerId: string, rating: number, delta: 1 | -1) {
  const stars = rating as keyof typeof STAR_COLUMNS;
  const change = {
    reviewCount: sql`${sellerRatings.reviewCount} + ${delta}`,
    ratingSum: sql`${sellerRatings.ratingSum} + ${delta * rating}`,
    [STAR_KEYS[stars]]: sql`${STAR_COLUMNS[stars]} + ${delta}`,
  };
  if (delta === -1) {
    // A rating counted out was counted in first: the row exists. (An upsert would check its proposed
    // new row, −1 reviews, against the table's constraint before finding the existing one.)
    await tx.update(sellerRatings).set(change).where(eq(sellerRatings.sellerId, sellerId));
    return;
  }
  await tx
    .insert(sellerRatings)
    .values({ sellerId, reviewCount: 1, ratingSum: rating, [STAR_KEYS[stars]]: 1 })
    .onConflictDoUpdate({ target: sellerRatings.sellerId, set: change });
}

/** Five to one stars, as the seller's page draws them. */
export const histogramOf = (row: Record<(typeof STAR_KEYS)[keyof typeof STAR_KEYS], number> | null) =>
  ([5, 4, 3, 2, 1] as const).map((stars) => ({ stars, count: row ? row[STAR_KEYS[stars]] : 0 }));
