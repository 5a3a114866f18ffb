import { z } from "zod";
import { advertCardSchema, CONDITIONS } from "./catalogue.ts";
import { numberInText } from "./form-values.ts";
import { findNul } from "./text-safety.ts";
import { PERFORMANCE_TIERS, STORAGE_TYPES } from "./values.ts";

// The search's fixed numbers live with the other fixed values: the pages' own code reads them without zod.
export { FACET_CAP, PRICE_BANDS } from "./values.ts";

export const SORTS = ["newest", "price_asc", "price_desc"] as const;
export type Sort = (typeof SORTS)[number];
export const PAGE_SIZE = 24;

/** Anything odd in a URL is dropped, not an error: a shared link should still show laptops. */
const lenient = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);
/** Text that PostgreSQL can store (see text-safety.ts); anything else is dropped like any odd parameter. */
const storable = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((v) => findNul(v) === null);
const dollars = lenient(
  numberInText(
    z
      .number()
      .positive()
      .max(10_000_000)
      .transform((d) => Math.round(d * 100)),
  ),
);

/**
 * What the newer filters say when their value is wrong: shown under the filter on the pages, and named
 * (by field) in the API's 400. Unlike the older filters these are not silently dropped: each is chosen
 * from the form's own controls, so a wrong value is a mistake worth telling.
 */
export const FILTER_ERRORS = {
  cpu: "Choose a processor family like i7, Ultra 7, Ryzen 5, M2 Pro or Snapdragon X",
  tier: "Choose a performance tier from the list",
  minBattery: "Battery health must be a whole number from 0 to 100",
  minScreen: "Screen size must be from 10 to 20 inches, like 14 or 15.6",
  maxScreen: "Screen size must be from 10 to 20 inches, like 14 or 15.6",
  screenRange: "The largest screen must be at least the smallest",
  storageType: "Choose a storage type from the list",
  maxYears: "Years of use must be a whole number from 0 to 30",
  verified: "Verified sellers only is either on or off",
  ships: "Ships only is either on or off",
} as const;

/**
 * A processor family as the spec search understands it (core/catalogue/spec-query.ts), matched against the
 * processor the seller typed: "i7", "ultra 7", "ryzen 5", "m2 pro", "snapdragon x".
 */
export const CPU_FAMILY = /^(i[3579]|ultra [579]|ryzen [3579]|m[1-4]( pro| max)?|snapdragon x)$/;

const wholeNumber = (min: number, max: number, message: string) =>
  z.number({ error: message }).int({ error: message }).min(min, message).max(max, message);
const screen = (message: string) => z.number({ error: message }).min(10, message).max(20, message);

/**
 * The numeric spec filters as numbers, with their messages: a saved search's JSON gives them so, and
 * /allAdd's URL (text) is read into them explicitly (form-values.ts).
 */
export const SPEC_NUMBERS = {
  tier: wholeNumber(1, PERFORMANCE_TIERS.length, FILTER_ERRORS.tier),
  minBattery: wholeNumber(0, 100, FILTER_ERRORS.minBattery),
  minScreen: screen(FILTER_ERRORS.minScreen),
  maxScreen: screen(FILTER_ERRORS.maxScreen),
  maxYears: wholeNumber(0, 30, FILTER_ERRORS.maxYears),
};
/** A spec number in the URL: left out, or text that reads as a number within its bounds. */
const inUrl = (schema: z.ZodNumber) => numberInText(schema.optional());

/** /allAdd's filters, read from the URL (so a search can be shared and bookmarked) and from GET /api/adverts. */
export const searchSchema = z
  .object({
    q: lenient(storable(100)),
    brand: lenient(z.uuid()),
    minPrice: dollars,
    maxPrice: dollars,
    condition: lenient(z.enum(CONDITIONS)),
    location: lenient(storable(120)),
    minRam: lenient(numberInText(z.number().int().min(1).max(256))),
    minStorage: lenient(numberInText(z.number().int().min(1).max(16384))),
    cpu: z.string().trim().toLowerCase().regex(CPU_FAMILY, FILTER_ERRORS.cpu).optional(),
    tier: inUrl(SPEC_NUMBERS.tier),
    minBattery: inUrl(SPEC_NUMBERS.minBattery),
    minScreen: inUrl(SPEC_NUMBERS.minScreen),
    maxScreen: inUrl(SPEC_NUMBERS.maxScreen),
    storageType: z.enum(STORAGE_TYPES, { error: FILTER_ERRORS.storageType }).optional(),
    maxYears: inUrl(SPEC_NUMBERS.maxYears),
    verified: z
      .enum(["true"], { error: FILTER_ERRORS.verified })
      .transform(() => true)
      .optional(),
    /** Laptops their sellers post to buyers (not only meet them). */
    ships: z
      .enum(["true"], { error: FILTER_ERRORS.ships })
      .transform(() => true)
      .optional(),
    /** One seller's laptops (their public page). */
    seller: lenient(storable(64)),
    sort: z.enum(SORTS).catch("newest").default("newest"),
    cursor: lenient(storable(200)),
  })
  .superRefine((p, ctx) => {
    if (p.minScreen !== undefined && p.maxScreen !== undefined && p.maxScreen < p.minScreen) {
      ctx.addIssue({ code: "custom", path: ["maxScreen"], message: FILTER_ERRORS.screenRange });
    }
  });

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

/** The parameters that filter (all but the order and the page). */
export const SEARCH_FILTERS = Object.keys(searchSchema.shape).filter(
  (k) => k !== "sort" && k !== "cursor",
) as (keyof SearchParams)[];

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
  for (const [key, message] of Object.entries(DROPPED_FILTER_MESSAGES) as [keyof SearchParams, string][]) {
    if (raw[key]?.trim() && result.data[key] === undefined) errors[key] ??= message;
  }
  return { params: result.data, errors };
}

/**
 * What the filter panel says under an older filter whose value in the URL cannot be used: the search drops
 * it (a shared link still shows laptops) and the page names it under its field instead of ignoring it.
 */
const DROPPED_FILTER_MESSAGES: Partial<Record<keyof SearchParams, string>> = {
  q: "Enter at most 100 characters.",
  brand: "Choose a brand from the list.",
  minPrice: "Enter a price in dollars above 0, like 250.",
  maxPrice: "Enter a price in dollars above 0, like 900.",
  condition: "Choose a condition from the list.",
  location: "Enter at most 120 characters.",
  minRam: "Enter a whole number of GB from 1 to 256.",
  minStorage: "Enter a whole number of GB from 1 to 16384.",
};
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
  /** By index in PRICE_BANDS. */
  price: facetValues(z.int()),
});
export type Facets = z.infer<typeof facetsSchema>;
