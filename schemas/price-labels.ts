import { formatPrice } from "./money.ts";
import type { PriceGuidance } from "./price-guidance.ts";
import type { PriceSource } from "./values.ts";

/*
 * The words of price guidance, without zod (schemas/price-guidance.ts has the request and reply schemas):
 * every laptop card shows a badge, and the cards' JavaScript must not carry the validation library.
 */

/** Quartiles are interpolated between prices: "$291.25" would claim a precision they do not have. */
const dollars = (cents: number) => formatPrice(Math.round(cents / 100) * 100);

/** What the advert form says. */
export function guidanceMessage(g: PriceGuidance): string {
  const range = `${dollars(g.lowCents)}–${dollars(g.highCents)} (median ${dollars(g.medianCents)}`;
  return g.source === "sales"
    ? `Similar laptops sold for ${range}, from ${g.count} sales)`
    : `Similar laptops are listed for ${range}, from ${g.count} listings)`;
}

/** A card's and a laptop page's price badge: at or below the comparables' 25th percentile, or up to their 75th. */
export const PRICE_BADGES = { great: "Great price", fair: "Fair price" } as const;
export type PriceBadge = keyof typeof PRICE_BADGES;

/** Why a laptop's page shows its badge. */
export function badgeBasis(count: number, source: PriceSource): string {
  return source === "sales"
    ? `Based on ${count} similar laptops sold in the last 12 months`
    : `Based on ${count} similar laptops for sale now`;
}
