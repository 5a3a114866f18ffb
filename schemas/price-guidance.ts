import { z } from "zod";
import { numberInText } from "./form-values.ts";
import { dollars, PRICE_BADGES } from "./price-labels.ts";
import { CONDITIONS, PRICE_SOURCES } from "./values.ts";

export {
  badgeBasis,
  dollars,
  PRICE_BADGES,
  type PriceBadge,
  WORTH_MESSAGES,
  worthMessage,
} from "./price-labels.ts";

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
  batteryHealth: numberInText(
    z.number({ error: "Battery health must be a whole number from 0 to 100" }).int().min(0).max(100).optional(),
  ).meta({ description: "Percent of design capacity: comparables with a battery like it, when enough have one" }),
});
export type PriceGuidanceQuery = z.infer<typeof priceGuidanceQuerySchema>;

export const comparablePricesSchema = z
  .object({
    medianCents: z.int(),
    lowCents: z.int().meta({ description: "25th percentile" }),
    highCents: z.int().meta({ description: "75th percentile" }),
    count: z.int().min(5),
    source: z.enum(PRICE_SOURCES).meta({ description: "sales: paid in the last 12 months; listings: for sale now" }),
    battery: z.object({ from: z.int(), to: z.int() }).nullable().meta({
      description:
        "The battery health band (percent) the comparables were narrowed to, when the question gave one and five or more had a battery in it; null: every comparable",
    }),
  })
  .meta({ id: "ComparablePrices" });
export type PriceGuidance = z.infer<typeof comparablePricesSchema>;

/** What the advert form says. */
export function guidanceMessage(g: PriceGuidance): string {
  const range = `${dollars(g.lowCents)}–${dollars(g.highCents)} (median ${dollars(g.medianCents)}`;
  const similar = g.battery
    ? `Similar laptops with a battery at ${g.battery.from}–${g.battery.to} %`
    : "Similar laptops";
  return g.source === "sales"
    ? `${similar} sold for ${range}, from ${g.count} sales)`
    : `${similar} are listed for ${range}, from ${g.count} listings)`;
}

export const priceGuidanceReplySchema = z.object({
  guidance: comparablePricesSchema.nullable().meta({ description: "null: too few comparable laptops to say" }),
});

export const priceBadgeSchema = z
  .enum(Object.keys(PRICE_BADGES) as [keyof typeof PRICE_BADGES, ...(keyof typeof PRICE_BADGES)[]])
  .nullable()
  .meta({ description: "great: at or below the 25th percentile of comparable laptops; fair: up to the 75th" });

/** A comparable laptop's sale: when it was paid and for how much (the worth chart's points). */
export const salePointSchema = z.object({ paidAt: z.string(), priceCents: z.int() }).meta({ id: "SalePoint" });
export type SalePoint = z.infer<typeof salePointSchema>;

/**
 * "What's my laptop worth" (/worth and GET /api/worth): the configuration a would-be seller picks. The processor
 * as typed (recognised by the processor list), the rest as the advert form asks them.
 */
export const worthQuerySchema = z.object({
  processor: z
    .string({ error: "Processor is required" })
    .trim()
    .min(1, "Processor is required")
    .max(100, "Processor must be 100 characters or fewer"),
  ramGb: priceGuidanceQuerySchema.shape.ramGb,
  storageGb: priceGuidanceQuerySchema.shape.storageGb,
  condition: priceGuidanceQuerySchema.shape.condition,
  yearsOfUse: priceGuidanceQuerySchema.shape.yearsOfUse,
});
export type WorthQuery = z.infer<typeof worthQuerySchema>;

export const worthReplySchema = z
  .object({
    recognised: z.boolean().meta({ description: "false: the processor is not one the processor list knows" }),
    guidance: comparablePricesSchema.nullable().meta({ description: "null: too few comparable laptops to say" }),
    sales: z.array(salePointSchema).meta({ description: "The comparable sales of the last 12 months, oldest first" }),
  })
  .meta({ id: "Worth" });
export type Worth = z.infer<typeof worthReplySchema>;
