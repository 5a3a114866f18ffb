import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { adverts, orders, sellerRatings, users } from "../../db/schema/index.ts";
import { type SellerTrust, toRating } from "../../schemas/reviews.ts";

/** The laptop page's trust panel: one query (the rating from its counters, sales counted by index). */
export async function sellerTrust(db: Db | Tx, sellerId: string): Promise<SellerTrust | null> {
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
}
