import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { priceGuides } from "../../db/schema/index.ts";
import type { PriceGuidance, Worth, WorthQuery } from "../../schemas/price-guidance.ts";
import { type ComparableSpec, comparableSales, generationBand, recognised } from "./price-guidance.ts";

/**
 * The kept guide of one configuration (price-guides.ts): the same numbers its cards' badges are measured
 * against, one row by primary key — so /worth costs what a laptop's page does, at any catalogue size.
 */
async function keptGuide(db: Db, spec: ComparableSpec): Promise<PriceGuidance | null> {
  const { performanceTier, processorYear, ramGb, storageGb, condition, yearsOfUse } = spec;
  if (performanceTier === null || processorYear === null || ramGb === null || storageGb === null) return null;
  const [row] = await db
    .select({
      medianCents: priceGuides.medianCents,
      lowCents: priceGuides.lowCents,
      highCents: priceGuides.highCents,
      count: priceGuides.comparables,
      source: priceGuides.source,
    })
    .from(priceGuides)
    .where(
      and(
        eq(priceGuides.performanceTier, performanceTier),
        eq(priceGuides.generationBand, generationBand(processorYear)),
        eq(priceGuides.ramGb, ramGb),
        eq(priceGuides.storageGb, storageGb),
        eq(priceGuides.condition, condition),
        eq(priceGuides.yearsOfUse, yearsOfUse),
      ),
    );
  // Kept per configuration, whatever the battery: what the cards' badges are measured against too.
  return row ? { ...row, battery: null } : null;
}

/**
 * What a laptop of this configuration is worth: what comparable laptops sold for in the last 12 months (or,
 * with too few sales, what they are listed for, said as such) and those sales for the chart. A processor the
 * list does not recognise has no comparables: `recognised` says so.
 */
export async function whatItIsWorth(db: Db, spec: ComparableSpec): Promise<Omit<Worth, "recognised">> {
  const [guidance, sales] = await Promise.all([keptGuide(db, spec), comparableSales(db, spec)]);
  return { guidance, sales: guidance?.source === "sales" ? sales : [] };
}

/** /worth's question, from what the person typed. */
export async function worthOf(db: Db, q: WorthQuery): Promise<Worth> {
  const processor = recognised(q.processor);
  if (!processor) return { recognised: false, guidance: null, sales: [] };
  return { recognised: true, ...(await whatItIsWorth(db, { ...processor, ...q })) };
}
