import { z } from "zod";
import { formatPrice } from "./money.ts";
import { CONDITIONS, PRICE_SOURCES, type PriceSource } from "./values.ts";

/**
 * The advert form asks what comparable laptops sell for (GET /api/price-guidance). The processor as typed;
 * its tier and year instead when the caller already knows them.
 */
export const priceGuidanceQuerySchema = z.object({
  processor: z.string().trim().max(100, "Processor must be 100 characters or fewer").optional(),
  performanceTier: z.coerce.number().int().min(1).max(4).optional().meta({ description: "1 Everyday … 4 Workstation" }),
  processorYear: z.coerce.number().int().min(1990).max(2100).optional(),
  ramGb: z.coerce.number({ error: "RAM is required" }).int().min(1).max(256),
  storageGb: z.coerce.number({ error: "Storage is required" }).int().min(8).max(16384),
  condition: z.enum(CONDITIONS, { error: "Condition is required" }),
  yearsOfUse: z.coerce.number({ error: "Year of use is required" }).int().min(0).max(30),
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

export const priceGuidanceReplySchema = z.object({
  guidance: comparablePricesSchema.nullable().meta({ description: "null: too few comparable laptops to say" }),
});

/** What the advert form says. */
export function guidanceMessage(g: PriceGuidance): string {
  const range = `${formatPrice(g.lowCents)}–${formatPrice(g.highCents)} (median ${formatPrice(g.medianCents)}`;
  return g.source === "sales"
    ? `Similar laptops sold for ${range}, from ${g.count} sales)`
    : `Similar laptops are listed for ${range}, from ${g.count} listings)`;
}

/** A card's and a laptop page's price badge: at or below the comparables' 25th percentile, or up to their 75th. */
export const PRICE_BADGES = { great: "Great price", fair: "Fair price" } as const;
export type PriceBadge = keyof typeof PRICE_BADGES;
export const priceBadgeSchema = z
  .enum(["great", "fair"])
  .nullable()
  .meta({ description: "great: at or below the 25th percentile of comparable laptops; fair: up to the 75th" });

/** Why a laptop's page shows its badge. */
export function badgeBasis(count: number, source: PriceSource): string {
  return source === "sales"
    ? `Based on ${count} similar laptops sold in the last 12 months`
    : `Based on ${count} similar laptops for sale now`;
}
