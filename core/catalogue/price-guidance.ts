import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import type { PriceGuidanceQuery, SalePoint } from "../../schemas/price-guidance.ts";
import type { Condition, PriceSource } from "../../schemas/values.ts";
import { processorColumns } from "./processors/match.ts";

/**
 * What "a comparable laptop" means, once, for the form's guidance (here, live) and for the cards' badges
 * (price-guides.ts, for every configuration at once): the same performance tier, the same processor
 * generation band, RAM, storage and condition, and an age within a year — sold (an order paid or
 * received, paid in the last 12 months, at the order's price) or, when fewer than five sold, listed for
 * sale now (at its resale price). Live guidance (the form's, the low-price review signal) also weighs the
 * battery: given the laptop's battery health, the comparables whose battery is in the same band, when five or
 * more of them have one (`BATTERY_BANDS`).
 */
export interface ComparableSpec {
  performanceTier: number | null;
  processorYear: number | null;
  ramGb: number | null;
  storageGb: number | null;
  condition: Condition;
  yearsOfUse: number;
  /** The battery's health in percent (a report's figure, else the seller's), when known: live guidance only. */
  batteryHealth?: number | null;
}

export interface ComparablePrices {
  medianCents: number;
  /** 25th percentile. */
  lowCents: number;
  /** 75th percentile. */
  highCents: number;
  count: number;
  source: PriceSource;
  /** The battery band the comparables were narrowed to (enough of them had one like it), else null. */
  battery: BatteryBand | null;
}

/** Fewer comparables than this say nothing (a median of three laptops misleads more than it helps). */
export const MIN_COMPARABLES = 5;

/**
 * Processors are compared within two-year generation bands starting on odd years — 2015–16, 2017–18,
 * 2019–20, 2021–22, 2023–24, 2025–26 — so an 8th-generation Core i5 (2017 or 2018) meets its own kind.
 * Returns the band's first year. `generationBandSql` is the same rule in SQL.
 */
export function generationBand(year: number): number {
  return year - ((year + 1) % 2);
}
export const generationBandSql = (year: AnyColumn | SQL) => sql`(${year} - (${year} + 1) % 2)`;

/**
 * Battery health bands, best first: a laptop is compared with those whose battery (a report's figure, else the
 * seller's) is in its band. Bands rather than a distance, so the form can say which laptops it means.
 */
export const BATTERY_BANDS = [
  { from: 90, to: 100 },
  { from: 80, to: 89 },
  { from: 70, to: 79 },
  { from: 0, to: 69 },
] as const;
export type BatteryBand = (typeof BATTERY_BANDS)[number];
export const batteryBand = (health: number): BatteryBand =>
  BATTERY_BANDS.find((band) => health >= band.from) ?? BATTERY_BANDS[3];

/**
 * Laptops sold in the last 12 months and what they sold for: the orders paid, handed over or completed (the
 * laptop is then `sold`), dated by their payment (the `pay` transition's event). A subquery the planner
 * flattens, so the filters around it reach adverts_comparables_idx.
 */
export const recentSales = sql`(
  select a.performance_tier, a.processor_year, a.ram_gb, a.storage_gb, a.condition, a.years_of_use,
    coalesce(a.battery_verified, a.battery_health) as battery, o.price_cents as price_cents, e.created_at as paid_at
  from adverts a
  join orders o on o.advert_id = a.id and o.status in ('paid', 'handed_over', 'completed')
  join order_events e on e.order_id = o.id and e.to_status = 'paid'
  where a.status = 'sold' and a.performance_tier is not null and e.created_at > now() - interval '12 months'
)`;

/** Laptops for sale now, at their asking price. */
export const liveListings = sql`(
  select a.performance_tier, a.processor_year, a.ram_gb, a.storage_gb, a.condition, a.years_of_use,
    coalesce(a.battery_verified, a.battery_health) as battery, a.resale_price_cents as price_cents
  from adverts a
  where a.status = 'available' and a.performance_tier is not null
)`;

/** Count and quartiles of a set of comparables' prices (`c.price_cents`), in whole cents. */
export const quartiles = sql`count(*)::int as "count",
  round(percentile_cont(0.25) within group (order by c.price_cents))::int as "lowCents",
  round(percentile_cont(0.5) within group (order by c.price_cents))::int as "medianCents",
  round(percentile_cont(0.75) within group (order by c.price_cents))::int as "highCents"`;

/**
 * What comparable laptops sold for in the last 12 months (five or more sales), else what they are listed
 * for now (five or more listings), else null — also null when the processor, RAM or storage is unknown.
 * Within the chosen source, with the battery's health given, those with a battery in its band when five or
 * more have one. Live, for one configuration (an index range per source); the badges read the same numbers
 * (without the battery) from price_guides, rebuilt by the job queue.
 */
export async function comparablePrices(db: Db | Tx, spec: ComparableSpec): Promise<ComparablePrices | null> {
  const comparable = comparableTo(spec);
  if (!comparable) return null;
  const band = spec.batteryHealth === null || spec.batteryHealth === undefined ? null : batteryBand(spec.batteryHealth);
  // One pass per source: every comparable, and (with a band) how the same rows stand within it.
  const inBand = band ? sql`c.battery between ${band.from} and ${band.to}` : sql`false`;
  const result = await db.execute(sql`
    select source, ${quartiles},
      count(*) filter (where ${inBand})::int as "bandCount",
      round(percentile_cont(0.25) within group (order by c.price_cents) filter (where ${inBand}))::int as "bandLowCents",
      round(percentile_cont(0.5) within group (order by c.price_cents) filter (where ${inBand}))::int as "bandMedianCents",
      round(percentile_cont(0.75) within group (order by c.price_cents) filter (where ${inBand}))::int as "bandHighCents"
    from (
      select 'sales' as source, c.battery, c.price_cents from ${recentSales} c where ${comparable}
      union all
      select 'listings', c.battery, c.price_cents from ${liveListings} c where ${comparable}
    ) c
    group by source`);
  type Row = Omit<ComparablePrices, "battery"> &
    Record<`band${"Count" | "LowCents" | "MedianCents" | "HighCents"}`, number>;
  const rows = (result as unknown as { rows: Row[] }).rows;
  for (const source of ["sales", "listings"] as const) {
    const row = rows.find((r) => r.source === source);
    if (!row || Number(row.count) < MIN_COMPARABLES) continue;
    if (band && Number(row.bandCount) >= MIN_COMPARABLES) {
      const [lowCents, medianCents, highCents] = [row.bandLowCents, row.bandMedianCents, row.bandHighCents];
      return { source, count: Number(row.bandCount), lowCents, medianCents, highCents, battery: band };
    }
    const { medianCents, lowCents, highCents } = row;
    return { source, count: Number(row.count), lowCents, medianCents, highCents, battery: null };
  }
  return null;
}

/** "Comparable to `spec`", on rows named `c`; null when the processor, RAM or storage is unknown. */
function comparableTo(spec: ComparableSpec): SQL | null {
  const { performanceTier: tier, processorYear: year, ramGb, storageGb, condition, yearsOfUse } = spec;
  if (tier === null || year === null || ramGb === null || storageGb === null) return null;
  const band = generationBand(year);
  return sql`c.performance_tier = ${tier} and c.ram_gb = ${ramGb} and c.storage_gb = ${storageGb}
    and c.condition = ${condition} and c.processor_year between ${band} and ${band + 1}
    and c.years_of_use between ${yearsOfUse - 1} and ${yearsOfUse + 1}`;
}

/** At most this many sales in a chart: a year of a popular configuration, newest kept. */
export const CHARTED_SALES = 120;

/**
 * The comparable sales of the last 12 months, each when it was paid and for how much, oldest first: what
 * the worth chart plots. The newest `CHARTED_SALES` of them, from the same index range as their quartiles.
 */
export async function comparableSales(db: Db | Tx, spec: ComparableSpec): Promise<SalePoint[]> {
  const comparable = comparableTo(spec);
  if (!comparable) return [];
  const result = await db.execute(sql`
    select paid_at as "paidAt", price_cents as "priceCents" from (
      select c.paid_at, c.price_cents from ${recentSales} c where ${comparable}
      order by c.paid_at desc limit ${CHARTED_SALES}) newest
    order by paid_at`);
  return (result as unknown as { rows: { paidAt: Date | string; priceCents: number }[] }).rows.map((r) => ({
    paidAt: new Date(r.paidAt).toISOString(),
    priceCents: Number(r.priceCents),
  }));
}

/** What the processor list recognises in a typed processor: its tier and year, or null (no guidance without). */
export function recognised(typed: string | undefined) {
  const { performanceTier, processorYear } = processorColumns(typed);
  return performanceTier !== null && processorYear !== null ? { performanceTier, processorYear } : null;
}

/**
 * The guidance a seller sees while filling the advert form, from what they typed. The processor's tier
 * and year come with the request when the caller knows them; otherwise from the typed processor.
 */
export async function priceGuidance(db: Db, q: PriceGuidanceQuery): Promise<ComparablePrices | null> {
  const processor =
    q.performanceTier !== undefined && q.processorYear !== undefined
      ? { performanceTier: q.performanceTier, processorYear: q.processorYear }
      : recognised(q.processor);
  if (!processor) return null;
  return comparablePrices(db, {
    ...processor,
    ramGb: q.ramGb,
    storageGb: q.storageGb,
    condition: q.condition,
    yearsOfUse: q.yearsOfUse,
    batteryHealth: q.batteryHealth,
  });
}
