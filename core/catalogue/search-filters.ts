import { eq, getTableColumns, gte, lte, type Placeholder, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { adverts, batteryShown, savedSearches, screenInches, users } from "../../db/schema/index.ts";
import type { FilterName, SearchParams } from "../../schemas/search.ts";
import { FILTER_NAMES } from "../../schemas/search-filters.ts";

/**
 * What each search filter matches, in SQL, written once for its two uses: a search (the available adverts
 * that pass every filter set) and saved searches' alerts (the saved searches a new advert passes: a filter a
 * saved search leaves empty passes anything) — so both test a filter alike. One entry per filter of
 * schemas/search-filters.ts, each with the saved search's column that keeps it, which saving and opening a
 * search write and read.
 */

/**
 * A search parameter as SQL: a placeholder when the query is prepared once per shape, or the value
 * itself (to EXPLAIN a query).
 */
export type Bind = (
  name: keyof SearchParams | "cursorValue" | "cursorId" | "cpuPattern" | "ids" | "since",
  value: unknown,
) => SQL | Placeholder;
type Value = SQL | Placeholder;
type SavedSearchRow = typeof savedSearches.$inferSelect;
type SavedSearchColumns = Partial<typeof savedSearches.$inferInsert>;
type Filters = Omit<SearchParams, "sort" | "cursor">;

/** An advert's values that filters test, as a search reads them from the adverts table. */
const ADVERT_VALUES = {
  search: adverts.search,
  name: adverts.name,
  brandId: adverts.brandId,
  sellerId: adverts.sellerId,
  price: adverts.resalePriceCents,
  condition: adverts.condition,
  location: adverts.location,
  ramGb: adverts.ramGb,
  storageGb: adverts.storageGb,
  processor: adverts.processor,
  tier: adverts.performanceTier,
  // The verified figure when there is a battery report, else the typed one (the index is on the same expression).
  batteryHealth: batteryShown,
  batteryVerified: adverts.batteryVerified,
  screen: screenInches,
  storageType: adverts.storageType,
  yearsOfUse: adverts.yearsOfUse,
  ships: adverts.ships,
  checklist: adverts.checklist,
  inHand: adverts.inHand,
};
type Advert = Record<keyof typeof ADVERT_VALUES | "sellerVerified", SQLWrapper>;

const SEARCHED: Advert = {
  ...ADVERT_VALUES,
  // Verified sellers are few: their ids (a partial index) are joined to the adverts, not each advert's seller looked up.
  sellerVerified: sql`${adverts.sellerId} in (select ${users.id} from ${users} where ${users.verified})`,
};

/**
 * The one advert matched against the saved searches, read once as `a` (its values by the names above) —
 * matching's statement (core/saved-searches/matching.ts) joins it to `saved_searches s`.
 */
export const advertToMatch = (advertId: string) => sql`
  select ${adverts.id} as id,
    ${sql.join(
      Object.entries(ADVERT_VALUES).map(([name, value]) => sql`${value} as ${sql.identifier(name)}`),
      sql`, `,
    )},
    (select ${users.verified} from ${users} where ${users.id} = ${adverts.sellerId}) as "sellerVerified"
  from ${adverts} where ${adverts.id} = ${advertId} and ${adverts.status} = 'available'`;
const MATCHED = Object.fromEntries(
  [...Object.keys(ADVERT_VALUES), "sellerVerified"].map((name) => [name, sql`a.${sql.identifier(name)}`]),
) as Record<keyof Advert, SQL>;

const SAVED_COLUMNS = getTableColumns(savedSearches);
/** A saved search's column, as matching reads it (`s`). */
const kept = (column: keyof SavedSearchRow) => sql`s.${sql.identifier(SAVED_COLUMNS[column].name)}`;
/** A saved search that leaves `column` empty passes anything. */
const unlessEmpty = (column: keyof SavedSearchRow, passes: SQL) => sql`(${kept(column)} is null or ${passes})`;

interface FilterSql {
  /** In a search, the filter being set: the adverts that pass. */
  inSearch: (bind: Bind, p: SearchParams) => SQL;
  /** In matching: whether the advert `a` passes the saved search `s`. */
  inSavedSearch: SQL;
  /** The filter as the saved search's columns keep it, and back. */
  toColumns: (p: Partial<Filters>) => SavedSearchColumns;
  fromColumns: (row: SavedSearchRow) => Partial<Filters>;
}

/** A filter a saved search keeps in `column` as it is (null: left empty). */
const keptIn = (name: FilterName, column: keyof SavedSearchRow): Pick<FilterSql, "toColumns" | "fromColumns"> => ({
  toColumns: (p) => ({ [column]: p[name] ?? null }),
  fromColumns: (row) => ({ [name]: row[column] ?? undefined }),
});

/** A filter on one value, compared by `test`: in a search its parameter (`bound` casts it if need be). */
function compared(
  name: FilterName,
  column: keyof SavedSearchRow,
  test: (advert: Advert, value: Value) => SQL,
  bound: (value: Value) => Value = (value) => value,
): FilterSql {
  return {
    ...keptIn(name, column),
    inSearch: (bind, p) => test(SEARCHED, bound(bind(name, p[name]))),
    inSavedSearch: unlessEmpty(column, test(MATCHED, kept(column))),
  };
}

/** A filter that is on or off: on, the adverts that pass `test`; a saved search keeps it as a boolean column. */
function flag(name: FilterName, column: keyof SavedSearchRow, test: (advert: Advert) => SQL): FilterSql {
  return {
    inSearch: () => test(SEARCHED),
    inSavedSearch: sql`(not ${kept(column)} or ${test(MATCHED)})`,
    toColumns: (p) => ({ [column]: p[name] ?? false }),
    fromColumns: (row) => ({ [name]: row[column] || undefined }),
  };
}

/**
 * A processor family ("i7", "ryzen 5", "m2 pro") as a case-insensitive regular expression on the processor
 * the seller typed, whole words only: "i7" finds "Intel Core i7-8650U", not "i70". The family was checked
 * against CPU_FAMILY, so nothing else reaches the pattern; the trigram index on processor serves it.
 */
export const cpuPattern = (family: string | undefined) =>
  family === undefined ? undefined : `\\m${family.replaceAll(" ", "\\s*")}${family === "snapdragon x" ? "" : "\\M"}`;

/** Words match by full text or, for typos, by trigram similarity of the name. */
const wordsMatch = (a: Advert, words: Value, query: SQL) => sql`(${a.search} @@ ${query} or ${words} <% ${a.name})`;
const processorMatches = (a: Advert, pattern: Value) => sql`${a.processor} ~* ${pattern}`;
const asNumeric = (value: Value) => sql`${value}::numeric`;

const FILTER_SQL: { [K in FilterName]: FilterSql } = {
  q: {
    ...keptIn("q", "q"),
    inSearch: (bind, p) => {
      const words = bind("q", p.q);
      return wordsMatch(SEARCHED, words, sql`websearch_to_tsquery('simple', ${words})`);
    },
    // A saved search's words as a query were computed when it was saved (its generated column `query`).
    inSavedSearch: unlessEmpty("q", wordsMatch(MATCHED, kept("q"), kept("query"))),
  },
  brand: compared("brand", "brandId", (a, v) => eq(a.brandId, v)),
  seller: compared("seller", "sellerId", (a, v) => eq(a.sellerId, v)),
  minPrice: compared("minPrice", "minPriceCents", (a, v) => gte(a.price, v)),
  maxPrice: compared("maxPrice", "maxPriceCents", (a, v) => lte(a.price, v)),
  condition: compared("condition", "condition", (a, v) => eq(a.condition, v)),
  location: compared("location", "location", (a, v) => sql`lower(${a.location}) = lower(${v})`),
  minRam: compared("minRam", "minRamGb", (a, v) => gte(a.ramGb, v)),
  minStorage: compared("minStorage", "minStorageGb", (a, v) => gte(a.storageGb, v)),
  cpu: {
    ...keptIn("cpu", "cpu"),
    // Matched by the catalogue's pattern for the family: bound in a search, kept beside the family when saved.
    inSearch: (bind, p) => processorMatches(SEARCHED, bind("cpuPattern", cpuPattern(p.cpu))),
    inSavedSearch: unlessEmpty("cpuPattern", processorMatches(MATCHED, kept("cpuPattern"))),
    toColumns: (p) => ({ cpu: p.cpu ?? null, cpuPattern: cpuPattern(p.cpu) ?? null }),
  },
  tier: compared("tier", "tier", (a, v) => eq(a.tier, v)),
  minBattery: compared("minBattery", "minBatteryHealth", (a, v) => gte(a.batteryHealth, v)),
  minScreen: compared("minScreen", "minScreenInches", (a, v) => sql`${a.screen} >= ${v}`, asNumeric),
  maxScreen: compared("maxScreen", "maxScreenInches", (a, v) => sql`${a.screen} <= ${v}`, asNumeric),
  storageType: compared("storageType", "storageType", (a, v) => eq(a.storageType, v)),
  maxYears: compared("maxYears", "maxYearsOfUse", (a, v) => lte(a.yearsOfUse, v)),
  verified: flag("verified", "verifiedSellersOnly", (a) => sql`${a.sellerVerified}`),
  // Its value is only ever "yes": a literal, so a prepared plan can use the partial index built on it.
  ships: flag("ships", "shipsOnly", (a) => sql`${a.ships}`),
  batteryVerified: flag("batteryVerified", "batteryVerifiedOnly", (a) => sql`${a.batteryVerified} is not null`),
  // The same expression as the partial index adverts_charger_idx, so a search can read along it.
  charger: flag("charger", "chargerOnly", (a) => sql`'charger' = any(${a.checklist})`),
  // The same expression as the partial index adverts_in_hand_idx.
  inHand: flag("inHand", "inHandOnly", (a) => sql`${a.inHand}`),
};

/** The conditions of the filters a search sets, in the registry's order. */
export const filterConditions = (p: SearchParams, bind: Bind) =>
  FILTER_NAMES.map((name) => (p[name] === undefined ? undefined : FILTER_SQL[name].inSearch(bind, p)));

/** A prepared search's values for its filters' placeholders: its parameters, and the pattern of its processor family. */
export const filterValues = (p: SearchParams) => ({ ...p, cpuPattern: cpuPattern(p.cpu) });

/** Whether the advert `a` passes the saved search `s`, filter by filter (matching's statement). */
export const savedSearchPasses = sql.join(
  FILTER_NAMES.map((name) => FILTER_SQL[name].inSavedSearch),
  sql`\n    and `,
);

/** A search's filters as a saved search's columns keep them. */
export const savedSearchColumns = (p: Partial<Filters>): SavedSearchColumns =>
  Object.assign({}, ...FILTER_NAMES.map((name) => FILTER_SQL[name].toColumns(p)));

/** A saved search's filters, read back from its columns. */
export const savedSearchFilters = (row: SavedSearchRow): Filters =>
  Object.assign({}, ...FILTER_NAMES.map((name) => FILTER_SQL[name].fromColumns(row)));
