import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { adverts } from "../../db/schema/index.ts";
import { FACET_CAP, type Facets, PRICE_BANDS, type SearchParams } from "../../schemas/search.ts";
import { FILTER_NAMES } from "../../schemas/search-filters.ts";
import { asPlaceholder, filterShape, searchConditions } from "./search.ts";
import { filterValues } from "./search-filters.ts";

/** Which price band (index in PRICE_BANDS) a price falls in, in SQL. */
const priceBand = sql.raw(
  `case ${PRICE_BANDS.slice(0, -1)
    .map(([, top], i) => `when resale_price_cents < ${(top as number) * 100} then ${i}`)
    .join(" ")} else ${PRICE_BANDS.length - 1} end`,
);

/** The facets: what each groups the matching laptops by; text values are counted most first, numbers in order. */
type Facet = Exclude<keyof Facets, "total" | "capped">;
const FACETS: Record<Facet, { column: SQLWrapper; text?: true }> = {
  brand: { column: adverts.brandId, text: true },
  condition: { column: adverts.condition, text: true },
  ram: { column: adverts.ramGb },
  storage: { column: adverts.storageGb },
  tier: { column: adverts.performanceTier },
  // "Battery verified (12)": 1 for a laptop with a battery report's figures, null (not counted) for the rest.
  batteryVerified: { column: sql`case when ${adverts.batteryVerified} is not null then 1 end` },
  // "Charger included (40)": 1 for a laptop whose seller ticked it, null (not counted) for the rest.
  charger: { column: sql`case when 'charger' = any(${adverts.checklist}) then 1 end` },
  // "In hand (3)": 1 for a laptop with an approved proof photo, null (not counted) for the rest.
  inHand: { column: sql`case when ${adverts.inHand} then 1 end` },
  price: { column: priceBand },
};
const FACET_NAMES = Object.keys(FACETS) as Facet[];
/** grouping() of the facets' columns: one bit per column (the first the highest), set when a row is not grouped by it. */
const bit = (facet: Facet) => 2 ** (FACET_NAMES.length - 1 - FACET_NAMES.indexOf(facet));
const ALL = 2 ** FACET_NAMES.length - 1;
type Row = Record<Facet, string | number | null> & { n: number; set: number; ids: string[] | null };

/**
 * The counts beside every filter value, for the current results, in one statement: the matching laptops
 * (at most FACET_CAP + 1 of them, in whatever order is cheapest) grouped by each facet at once with GROUPING
 * SETS. Below the cap every count is exact and the statement also returns the matching laptops' ids, so the
 * list page reads its cards among them (search.ts, `within`) instead of walking an index for matches that
 * may not exist; above it the total is "1,000+" and each count is how many of those laptops have the value —
 * a lower bound, shown with a "+". A broad search then costs what a narrow one does (a bounded read), which
 * is what keeps the list with its counts fast at a million adverts. Prepared once per shape of filters, like
 * the search, except with words (below).
 */
function buildFacets(db: Db, p: SearchParams) {
  const matching = db
    .select({
      id: sql`${adverts.id}`.as("id"),
      ...(Object.fromEntries(FACET_NAMES.map((facet) => [facet, sql`${FACETS[facet].column}`.as(facet)])) as Record<
        Facet,
        SQL.Aliased
      >),
    })
    .from(adverts)
    .where(searchConditions(p, asPlaceholder))
    .limit(FACET_CAP + 1)
    .as("matching");
  const grouped = FACET_NAMES.map((facet) => matching[facet]);
  const grouping = sql`grouping(${sql.join(grouped, sql`, `)})`;
  return db
    .select({
      // A brand is a uuid: read as text.
      ...Object.fromEntries(
        FACET_NAMES.map((facet, i) => [facet, facet === "brand" ? sql`${grouped[i]}::text` : sql`${grouped[i]}`]),
      ),
      n: sql`count(*)::int`,
      set: sql`${grouping}::int`,
      // The whole set's row, when it holds every match: the ids are what the list is read from.
      ids: sql`case when ${grouping} = ${sql.raw(String(ALL))} and count(*) <= ${sql.raw(String(FACET_CAP))} then array_agg(${matching.id}) end`,
    })
    .from(matching)
    .groupBy(sql`grouping sets (${sql.join([...grouped.map((column) => sql`(${column})`), sql`()`], sql`, `)})`);
}

/**
 * The counts, and the matching laptops' ids when there are at most FACET_CAP of them (null past the cap);
 * for counts kept from an earlier search, when they were read (the list adds what was posted since).
 */
export interface CountedSearch {
  facets: Facets;
  ids: string[] | null;
  since: Date | null;
}

/**
 * Counts that took longer than `slowMs` to read are kept for `forMs`, shared by everyone who searches the same
 * filters and words; at most `most` searches are kept, the oldest dropped first. They are the searches with
 * several filters none of which narrows much alone — at 1 M adverts, "thinkpad i7 16gb 512 ssd under 2000"
 * reads 28,000 candidate rows for its 336 matches, 200–400 ms — and a minute-old count is still a count,
 * while the list stays current (it reads the kept ids and what was posted since). Any change announced to the
 * catalogue drops them all (`forget`, on the visitors' cache's broadcast: every process at once), so what is
 * kept is never older than the last change. Quick searches are read every time.
 */
export const KEEP_SLOW_COUNTS = { slowMs: 50, forMs: 60_000, most: 500 };
export type KeepSlowCounts = typeof KEEP_SLOW_COUNTS;

/** A count's snapshot may miss an advert whose transaction began (its created_at) a little before it. */
const SNAPSHOT_MARGIN_MS = 10_000;

export function createFacets(db: Db, keep: KeepSlowCounts = KEEP_SLOW_COUNTS) {
  const queries = new Map<string, Pick<ReturnType<typeof buildFacets>, "execute">>();
  const kept = new Map<string, { counted: CountedSearch; until: number }>();

  async function read(p: SearchParams): Promise<CountedSearch> {
    const name = `facets_${filterShape(p)}`;
    let query = queries.get(name);
    if (!query) {
      const built = buildFacets(db, p);
      // With words, planned for them each time: a plan kept for the shape (generic, made without the words)
      // reads the full-text index for every match even when the words are in most adverts, where the words'
      // own plan reads the first 1,001 rows that have them (130 ms against 0.7 ms for "used" at 1 M adverts).
      query = p.q ? built : built.prepare(name);
      queries.set(name, query);
    }
    const rows = (await query.execute(filterValues(p))) as Row[];
    const whole = rows.find((r) => Number(r.set) === ALL);
    const total = whole?.n ?? 0;
    const counts = FACET_NAMES.map((facet) => {
      const list = rows.flatMap((row) => {
        const value = row[facet];
        // A row of this facet's grouping set has every bit but its own; null values (no RAM given) are not counted.
        if (Number(row.set) !== ALL - bit(facet) || value === null) return [];
        return [{ value: FACETS[facet].text ? value : Number(value), count: Number(row.n) }];
      });
      list.sort((a, b) => (typeof a.value === "number" ? a.value - (b.value as number) : b.count - a.count));
      return [facet, list];
    });
    const facets = {
      total: Math.min(Number(total), FACET_CAP),
      capped: Number(total) > FACET_CAP,
      ...Object.fromEntries(counts),
    } as Facets;
    return { facets, ids: total > FACET_CAP ? null : (whole?.ids ?? []), since: null };
  }

  /** Counts, kept or read now; `forget` drops every kept one (a change to the catalogue was announced). */
  async function countFacets(p: SearchParams): Promise<CountedSearch> {
    const key = JSON.stringify(FILTER_NAMES.map((k) => p[k] ?? null));
    const now = Date.now();
    const found = kept.get(key);
    if (found && found.until > now) return found.counted;
    kept.delete(key);
    const counted = await read(p);
    if (Date.now() - now > keep.slowMs) {
      if (kept.size >= keep.most) kept.delete(kept.keys().next().value as string);
      const since = new Date(now - SNAPSHOT_MARGIN_MS);
      kept.set(key, { counted: { ...counted, since }, until: now + keep.forMs });
    }
    return counted;
  }
  return Object.assign(countFacets, { forget: () => kept.clear() });
}
