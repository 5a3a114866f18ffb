import { z } from "zod";
import { advertCardSchema, CONDITIONS } from "./catalogue.ts";
import { findNul } from "./text-safety.ts";

export const SORTS = ["newest", "price_asc", "price_desc"] as const;
export type Sort = (typeof SORTS)[number];
export const PAGE_SIZE = 24;
/** Past this many matches a search says "10,000+": counting every row of a broad search costs too much. */
export const COUNT_CAP = 10_000;

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
  z.coerce
    .number()
    .positive()
    .max(10_000_000)
    .transform((d) => Math.round(d * 100)),
);

/** /allAdd's filters, read from the URL (so a search can be shared and bookmarked) and from GET /api/adverts. */
export const searchSchema = z.object({
  q: lenient(storable(100)),
  brand: lenient(z.uuid()),
  minPrice: dollars,
  maxPrice: dollars,
  condition: lenient(z.enum(CONDITIONS)),
  location: lenient(storable(120)),
  minRam: lenient(z.coerce.number().int().min(1).max(256)),
  minStorage: lenient(z.coerce.number().int().min(1).max(16384)),
  /** One seller's laptops (their public page). */
  seller: lenient(storable(64)),
  sort: z.enum(SORTS).catch("newest").default("newest"),
  cursor: lenient(storable(200)),
});

export type SearchParams = z.infer<typeof searchSchema>;

/** One page of a search's results. */
export const searchPageSchema = z.object({
  items: z.array(advertCardSchema),
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

export function parseSearch(params: URLSearchParams): SearchParams {
  return searchSchema.parse(Object.fromEntries([...params].filter(([, v]) => v !== "")));
}

/** What the filter panel says under a filter whose value in the URL cannot be used. */
const FILTER_MESSAGES: Partial<Record<keyof SearchParams, string>> = {
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

/**
 * The filters a URL gave that the search had to drop (parseSearch keeps the rest, so the list still shows):
 * the page names each one under its field instead of ignoring it silently.
 */
export function filterErrors(params: URLSearchParams, parsed: SearchParams = parseSearch(params)): FilterErrors {
  const errors: FilterErrors = {};
  for (const [key, message] of Object.entries(FILTER_MESSAGES) as [keyof SearchParams, string][]) {
    if (params.get(key)?.trim() && parsed[key] === undefined) errors[key] = message;
  }
  return errors;
}
