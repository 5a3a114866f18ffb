import { sql } from "drizzle-orm";
import { users } from "../../db/schema/index.ts";

/**
 * What admins judge a seller by (All Sellers, and beside every advert held for review): how many adverts they
 * have (withdrawn ones aside), how many sales became final, how many reports their adverts drew. Columns of the
 * list's own statement — a correlated count each, on `adverts_seller_idx`, `orders_seller_newest_idx` and
 * `reports_once_per_buyer_idx` — so a page of 25 or 50 is still one query. The outer statement reads `users`
 * (the seller); the inner tables have names of their own, and the seller's id is written qualified: drizzle
 * writes a one-table statement's columns bare, and a bare "id" would be the inner table's.
 */
export const sellerRecordColumns = () => {
  const sellerId = sql`${users}.${sql.identifier("id")}`;
  return {
    advertCount: sql<number>`(select count(*) from adverts sa
    where sa.seller_id = ${sellerId} and sa.status <> 'withdrawn')::int`,
    completedSales: sql<number>`(select count(*) from orders so
    where so.seller_id = ${sellerId} and so.status = 'completed')::int`,
    reportCount: sql<number>`(select count(*) from reports sr join adverts sra on sra.id = sr.advert_id
    where sra.seller_id = ${sellerId})::int`,
  };
};

/** A row's three counts and when the account was made, as the reply carries them (SellerRecord). */
export const sellerRecordOf = (
  row: { advertCount: number; completedSales: number; reportCount: number },
  since: Date,
) => ({
  adverts: Number(row.advertCount),
  completedSales: Number(row.completedSales),
  reports: Number(row.reportCount),
  since: since.toISOString(),
});
