import { formatPrice } from "./money.ts";
import type { PriceSource } from "./values.ts";

/*
 * The words of a price badge, without zod (schemas/price-guidance.ts has the request and reply schemas, and the
 * advert form's words): every laptop card shows a badge, and the cards' JavaScript must not carry the validation
 * library.
 */

/** A card's and a laptop page's price badge: at or below the comparables' 25th percentile, or up to their 75th. */
export const PRICE_BADGES = { great: "Great price", fair: "Fair price" } as const;
export type PriceBadge = keyof typeof PRICE_BADGES;

/**
 * A price under this share of comparable laptops' median is too good to be true: the advert is held for review
 * (core/catalogue/review-signals.ts), it never gets "Great price", and the form warns before posting.
 */
export const SUSPICIOUSLY_LOW_SHARE = 0.4;

/** Why a laptop's page shows its badge. */
export function badgeBasis(count: number, source: PriceSource): string {
  return source === "sales"
    ? `Based on ${count} similar laptops sold in the last 12 months`
    : `Based on ${count} similar laptops for sale now`;
}

export const WORTH_MESSAGES = {
  unrecognised: "We don't recognise this processor: pick one of the suggestions, like Core i5-8250U",
  pickSuggestion: "Not recognised yet: pick one of the suggestions",
  tooFew: "Too few similar laptops have sold or are for sale to say what this one is worth.",
  askingOnly: "Too few similar laptops sold in the last 12 months to say what they sell for. These are asking prices:",
  tooLow: (median: string) =>
    `This price is under 40 % of what similar laptops sell for (median ${median}): adverts priced this low are held for review before anyone sees them.`,
} as const;

/** Quartiles are interpolated between prices: "$291.25" would claim a precision they do not have. */
export const dollars = (cents: number) => formatPrice(Math.round(cents / 100) * 100);

interface Guide {
  lowCents: number;
  medianCents: number;
  highCents: number;
  count: number;
  source: PriceSource;
}

/** What /worth and a laptop's page say: the sales' range, or the asking prices labelled as such. */
export function worthMessage(g: Pick<Guide, "lowCents" | "medianCents" | "highCents" | "count" | "source">): string {
  const range = `${dollars(g.lowCents)}–${dollars(g.highCents)} (median ${dollars(g.medianCents)}`;
  return g.source === "sales"
    ? `Similar laptops sold for ${range}, ${g.count} sales in the last 12 months)`
    : `Similar laptops are listed for ${range}, ${g.count} for sale now)`;
}
