import type { PriceSource } from "./values.ts";

/*
 * The words of a price badge, without zod (schemas/price-guidance.ts has the request and reply schemas, and the
 * advert form's words): every laptop card shows a badge, and the cards' JavaScript must not carry the validation
 * library.
 */

/** A card's and a laptop page's price badge: at or below the comparables' 25th percentile, or up to their 75th. */
export const PRICE_BADGES = { great: "Great price", fair: "Fair price" } as const;
export type PriceBadge = keyof typeof PRICE_BADGES;

/** Why a laptop's page shows its badge. */
export function badgeBasis(count: number, source: PriceSource): string {
  return source === "sales"
    ? `Based on ${count} similar laptops sold in the last 12 months`
    : `Based on ${count} similar laptops for sale now`;
}
