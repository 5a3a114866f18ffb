import { eq, sql } from "drizzle-orm";
import { descAsIndexed } from "../../db/order.ts";
import { adverts, brands, sellerRatings, users } from "../../db/schema.ts";
import type { AdvertCard } from "../../schemas/catalogue.ts";
import type { PriceBadge } from "../../schemas/price-guidance.ts";
import { toRating } from "../../schemas/reviews.ts";
import { mediaUrl } from "../media/index.ts";
import { priceBadge } from "./price-guides.ts";
import { tierName } from "./processors/processors.ts";

export { withPriceGuide } from "./price-guides.ts";

export const cardColumns = {
  id: adverts.id,
  name: adverts.name,
  brandName: brands.name,
  imageKey: adverts.imageKey,
  originalPriceCents: adverts.originalPriceCents,
  resalePriceCents: adverts.resalePriceCents,
  yearsOfUse: adverts.yearsOfUse,
  location: adverts.location,
  condition: adverts.condition,
  sellerName: users.name,
  sellerVerified: users.verified,
  sellerEmailConfirmed: users.emailVerified,
  status: adverts.status,
  performanceTier: adverts.performanceTier,
  createdAt: adverts.createdAt,
  ratingSum: sellerRatings.ratingSum,
  ratingCount: sellerRatings.reviewCount,
  /** Needs the query to join `withPriceGuide`. */
  priceBadge,
};

/**
 * The seller's rating on every card: their counters (kept by core/reviews with each review), joined once
 * by primary key in the card query itself — no query per card. Sellers without reviews have no row.
 */
export const withSellerRating = [sellerRatings, eq(sellerRatings.sellerId, adverts.sellerId)] as const;

type CardRow = {
  [K in Exclude<
    keyof typeof cardColumns,
    "ratingSum" | "ratingCount" | "performanceTier" | "priceBadge"
  >]: (typeof cardColumns)[K]["_"]["data"];
} & {
  ratingSum: number | null;
  ratingCount: number | null;
  performanceTier: number | null;
  priceBadge: PriceBadge | null;
};

/** A row as the card every page and the API show (schemas/catalogue.ts). */
export function toCard({
  imageKey,
  status,
  performanceTier,
  createdAt,
  ratingSum,
  ratingCount,
  ...row
}: CardRow): AdvertCard {
  return {
    ...row,
    performanceTier: tierName(performanceTier),
    imageUrl: mediaUrl(imageKey),
    sold: status === "sold",
    createdAt: createdAt.toISOString(),
    sellerRating: toRating(ratingSum, ratingCount),
  };
}

/** Newest first, spelled as the indexes are built. */
export const newestFirst = [descAsIndexed(adverts.createdAt), descAsIndexed(adverts.id)];

/**
 * "For sale", written as a literal rather than a parameter: a plan PostgreSQL reuses across requests
 * (prepared statements) can then still use the partial indexes built on exactly this condition.
 */
export const isAvailable = sql`${adverts.status} = 'available'`;
