import { z } from "zod";
import { advertCardSchema } from "./catalogue.ts";
import { checkRanges, checksFor, DROPPED_MESSAGES, type FilterName, textInUrl } from "./search-filter-checks.ts";

export { FILTER_ERRORS, type FilterName } from "./search-filter-checks.ts";
// The search's fixed numbers live with the other fixed values: the pages' own code reads them without zod.
export { FACET_CAP, PRICE_BANDS } from "./values.ts";

export const SORTS = ["newest", "price_asc", "price_desc", "best_value"] as const;
export type Sort = (typeof SORTS)[number];
export const PAGE_SIZE = 24;

/** /allAdd's filters, read from the URL (so a search can be shared and bookmarked) and from GET /api/adverts. */
export const searchSchema = z
  .object({
    ...checksFor("url"),
    sort: z.enum(SORTS).catch("newest").default("newest"),
    cursor: textInUrl(200),
  })
  .superRefine(checkRanges);

export type SearchParams = z.infer<typeof searchSchema>;

/**
 * A filter in force, shown above the results: `remove` is what to change in the URL to lift it
 * (null deletes a parameter; `q` rewritten without the words a filter was read from).
 */
export const filterChipSchema = z.object({
  label: z.string(),
  remove: z.record(z.string(), z.string().nullable()),
});
export type FilterChip = z.infer<typeof filterChipSchema>;

/** One page of a search's results. */
export const searchPageSchema = z.object({
  items: z.array(advertCardSchema),
  /** The filters in force, those read from the words included (core/catalogue/spec-query.ts). */
  filters: z.array(filterChipSchema),
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** Pass back as `cursor` for the page before; null on the first page (and when going back reached it). */
  prevCursor: z.string().nullable(),
});
export type SearchPage = z.infer<typeof searchPageSchema>;

/** A search from a page's URL, and a message for each filter whose value was wrong (that filter is left out). */
export function parseSearchWithErrors(params: URLSearchParams): { params: SearchParams; errors: FilterErrors } {
  const raw: Record<string, string> = Object.fromEntries([...params].filter(([, v]) => v !== ""));
  const errors: FilterErrors = {};
  let result = searchSchema.safeParse(raw);
  // Each round drops the fields in error; the lenient ones never are, so this ends within a few rounds.
  while (!result.success) {
    for (const issue of result.error.issues) {
      const field = String(issue.path[0]) as keyof SearchParams;
      errors[field] ??= issue.message;
      delete raw[field];
    }
    result = searchSchema.safeParse(raw);
  }
  // An older filter whose value cannot be used is dropped (a shared link still shows laptops), and the page
  // names it under its field instead of ignoring it.
  for (const [key, message] of Object.entries(DROPPED_MESSAGES) as [FilterName, string][]) {
    if (raw[key]?.trim() && result.data[key] === undefined) errors[key] ??= message;
  }
  return { params: result.data, errors };
}

export type FilterErrors = Partial<Record<keyof SearchParams, string>>;

export function parseSearch(params: URLSearchParams): SearchParams {
  return parseSearchWithErrors(params).params;
}

const facetValues = <T extends z.ZodType>(value: T) => z.array(z.object({ value, count: z.int() }));
/** How many of the current results have each filter value. */
export const facetsSchema = z.object({
  total: z.int(),
  /** More laptops match than FACET_CAP: every count is "at least". */
  capped: z.boolean(),
  brand: facetValues(z.string()),
  condition: facetValues(z.string()),
  ram: facetValues(z.int()),
  storage: facetValues(z.int()),
  tier: facetValues(z.int()),
  /** Laptops with a battery report's figures: one value, 1, when any. */
  batteryVerified: facetValues(z.int()),
  /** Laptops whose sellers ticked "Charger included": one value, 1, when any. */
  charger: facetValues(z.int()),
  /** Laptops with an approved proof photo (In hand): one value, 1, when any. */
  inHand: facetValues(z.int()),
  /** By index in PRICE_BANDS. */
  price: facetValues(z.int()),
});
export type Facets = z.infer<typeof facetsSchema>;
