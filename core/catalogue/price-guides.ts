import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { adverts, priceGuides } from "../../db/schema/index.ts";
import type { PriceBadge } from "../../schemas/price-guidance.ts";
import { SUSPICIOUSLY_LOW_SHARE } from "../../schemas/price-labels.ts";
import type { JobQueue } from "../jobs/index.ts";
import { generationBandSql, liveListings, MIN_COMPARABLES, quartiles, recentSales } from "./price-guidance.ts";

export const REFRESH_PRICE_GUIDES = "catalogue.refreshPriceGuides";

/**
 * Each configuration's comparables, for every configuration at once: a comparable of age y counts for
 * the configurations of age y-1, y and y+1 (the same "within a year" as comparablePrices), percentiles by
 * percentile_cont; sales when five or more, else listings. Rebuilt in one transaction — readers see the
 * old table until it commits, and `lock … exclusive` (which plain reads pass) keeps two rebuilds apart.
 */
export async function refreshPriceGuides(db: Db): Promise<number> {
  const grouped = (source: "sales" | "listings", from: typeof recentSales) => sql`
    select ${source}::text as source, c.performance_tier, ${generationBandSql(sql`c.processor_year`)} as generation_band,
      c.ram_gb, c.storage_gb, c.condition, c.years_of_use + d.d as years_of_use, ${quartiles}
    from ${from} c cross join (values (-1), (0), (1)) d(d)
    where c.processor_year is not null and c.ram_gb is not null and c.storage_gb is not null
      and c.years_of_use + d.d >= 0
    group by 2, 3, 4, 5, 6, 7
    having count(*) >= ${MIN_COMPARABLES}`;
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${priceGuides} in exclusive mode`);
    await tx.delete(priceGuides);
    const inserted = await tx.execute(sql`
      insert into ${priceGuides} (performance_tier, generation_band, ram_gb, storage_gb, condition, years_of_use,
        source, comparables, low_cents, median_cents, high_cents)
      select distinct on (performance_tier, generation_band, ram_gb, storage_gb, condition, years_of_use)
        performance_tier, generation_band, ram_gb, storage_gb, condition, years_of_use,
        source, "count", "lowCents", "medianCents", "highCents"
      from (${grouped("sales", recentSales)} union all ${grouped("listings", liveListings)}) g
      order by performance_tier, generation_band, ram_gb, storage_gb, condition, years_of_use, source = 'sales' desc`);
    return (
      (inserted as unknown as { rowCount?: number; affectedRows?: number }).rowCount ??
      (inserted as unknown as { affectedRows?: number }).affectedRows ??
      0
    );
  });
}

/**
 * Price guides are rebuilt every 15 minutes, once per cluster (a pg-boss schedule); at a million adverts
 * a rebuild reads every listing once, so it is a background job, never a page's work.
 */
export function definePriceGuideRefresh({ db, queue }: { db: Db; queue: JobQueue }) {
  queue.define(REFRESH_PRICE_GUIDES, async () => void (await refreshPriceGuides(db)), {
    cron: "*/15 * * * *",
    retryLimit: 2,
    retryDelay: 60,
    expireInSeconds: 15 * 60,
  });
  return {
    /** At start: the first rebuild need not wait for the schedule. */
    refreshSoon: () => queue.send(REFRESH_PRICE_GUIDES, {}, { singletonKey: REFRESH_PRICE_GUIDES }),
    refreshNow: () => refreshPriceGuides(db),
  };
}

/** The advert's configuration's guide, joined by primary key (no query per card). */
export const withPriceGuide = [
  priceGuides,
  and(
    eq(priceGuides.performanceTier, adverts.performanceTier),
    sql`${priceGuides.generationBand} = ${generationBandSql(adverts.processorYear)}`,
    eq(priceGuides.ramGb, adverts.ramGb),
    eq(priceGuides.storageGb, adverts.storageGb),
    eq(priceGuides.condition, adverts.condition),
    eq(priceGuides.yearsOfUse, adverts.yearsOfUse),
  ),
] as const;

/**
 * "Great price" at or below the comparables' 25th percentile, "Fair price" up to the 75th; only for sale, and
 * never for a price too low to be true (such an advert is held for review when posted; one approved keeps no badge).
 */
export const priceBadge = sql<PriceBadge | null>`case
  when ${adverts.status} <> 'available' then null
  when ${adverts.resalePriceCents} < ${priceGuides.medianCents} * ${sql.raw(String(SUSPICIOUSLY_LOW_SHARE))} then null
  when ${adverts.resalePriceCents} <= ${priceGuides.lowCents} then 'great'
  when ${adverts.resalePriceCents} <= ${priceGuides.highCents} then 'fair' end`;
