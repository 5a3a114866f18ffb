import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { adverts } from "../../db/schema.ts";
import type { Condition } from "../../schemas/values.ts";

// Placeholder for the holds branch: the price-guidance work replaces this file at merge with the real
// comparables (sales of the last 12 months first, generation band and age). Same signature.

export interface ComparableSpec {
  performanceTier: number | null;
  processorYear: number | null;
  ramGb: number | null;
  storageGb: number | null;
  condition: Condition;
  yearsOfUse: number;
}

export interface ComparablePrices {
  medianCents: number;
  lowCents: number;
  highCents: number;
  count: number;
  source: "sales" | "listings";
}

const MIN_COMPARABLES = 5;

/** What comparable laptops cost: available adverts of the same tier, memory, storage and condition. */
export async function comparablePrices(db: Db | Tx, spec: ComparableSpec): Promise<ComparablePrices | null> {
  if (spec.performanceTier === null || spec.ramGb === null || spec.storageGb === null) return null;
  const [row] = await db
    .select({
      n: sql<number>`count(*)::int`,
      median: sql<number | null>`percentile_cont(0.5) within group (order by ${adverts.resalePriceCents})`,
      low: sql<number | null>`percentile_cont(0.25) within group (order by ${adverts.resalePriceCents})`,
      high: sql<number | null>`percentile_cont(0.75) within group (order by ${adverts.resalePriceCents})`,
    })
    .from(adverts)
    .where(
      and(
        eq(adverts.status, "available"),
        eq(adverts.performanceTier, spec.performanceTier),
        eq(adverts.ramGb, spec.ramGb),
        eq(adverts.storageGb, spec.storageGb),
        eq(adverts.condition, spec.condition),
      ),
    );
  const count = Number(row?.n ?? 0);
  if (!row || count < MIN_COMPARABLES || row.median === null) return null;
  return {
    medianCents: Math.round(Number(row.median)),
    lowCents: Math.round(Number(row.low)),
    highCents: Math.round(Number(row.high)),
    count,
    source: "listings",
  };
}
