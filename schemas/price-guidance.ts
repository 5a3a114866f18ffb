import { z } from "zod";
import { numberInText } from "./form-values.ts";
import { formatPrice } from "./money.ts";
import { PRICE_BADGES } from "./price-labels.ts";
import { CONDITIONS, PRICE_SOURCES } from "./values.ts";

export { badgeBasis, PRICE_BADGES, type PriceBadge } from "./price-labels.ts";

/**
 * The advert form asks what comparable laptops sell for (GET /api/price-guidance). The processor as typed;
 * its tier and year instead when the caller already knows them. A query string is text: its numbers are read
 * explicitly (form-values.ts).
 */
export const priceGuidanceQuerySchema = z.object({
  processor: z.string().trim().max(100, "Processor must be 100 characters or fewer").optional(),
  performanceTier: numberInText(z.number().int().min(1).max(4).optional()).meta({
    description: "1 Everyday … 4 Workstation",
  }),
  processorYear: numberInText(z.number().int().min(1990).max(2100).optional()),
  ramGb: numberInText(z.number({ error: "RAM is required" }).int().min(1).max(256)),
  storageGb: numberInText(z.number({ error: "Storage is required" }).int().min(8).max(16384)),
  condition: z.enum(CONDITIONS, { error: "Condition is required" }),
  yearsOfUse: numberInText(z.number({ error: "Year of use is required" }).int().min(0).max(30)),
});
export type PriceGuidanceQuery = z.infer<typeof priceGuidanceQuerySchema>;

export const comparablePricesSchema = z
  .object({
    medianCents: z.int(),
    lowCents: z.int().meta({ description: "25th percentile" }),
    highCents: z.int().meta({ description: "75th percentile" }),
    count: z.int().min(5),
    source: z.enum(PRICE_SOURCES).meta({ description: "sales: paid in the last 12 months; listings: for sale now" }),
  })
  .meta({ id: "ComparablePrices" });
export type PriceGuidance = z.infer<typeof comparablePricesSchema>;

/** Quartiles are interpolated between prices: "$291.25" would claim a precision they do not have. */
const dollars = (cents: number) => formatPrice(Math.round(cents / 100) * 100);

/** What the advert form says. */
export function guidanceMessage(g: PriceGuidance): string {
  const range = `${dollars(g.lowCents)}–${dollars(g.highCents)} (median ${dollars(g.medianCents)}`;
  return g.source === "sales"
    ? `Similar laptops sold for ${range}, from ${g.count} sales)`
    : `Similar laptops are listed for ${range}, from ${g.count} listings)`;
}

export const priceGuidanceReplySchema = z.object({
  guidance: comparablePricesSchema.nullable().meta({ description: "null: too few comparable laptops to say" }),
});

export const priceBadgeSchema = z
  .enum(Object.keys(PRICE_BADGES) as [keyof typeof PRICE_BADGES, ...(keyof typeof PRICE_BADGES)[]])
  .nullable()
  .meta({ description: "great: at or below the 25th percentile of comparable laptops; fair: up to the 75th" });
