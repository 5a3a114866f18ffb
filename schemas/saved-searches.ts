import { z } from "zod";
import { FAVOURITE_STATUSES } from "./favourite-labels.ts";
import { booleanFromText, fromForm, numberFromText } from "./form-values.ts";
import { FILTER_ERRORS, SORTS, SPEC_NUMBERS, searchSchema } from "./search.ts";
import { requiredText, saysSomething } from "./text-fields.ts";
import { findNul } from "./text-safety.ts";
import { CONDITIONS, SAVED_SEARCH_ALERTS } from "./values.ts";

export { describeSearch } from "./saved-search-names.ts";

/**
 * Saved searches' requests and replies. A saved search is /allAdd's own parameters (schemas/search.ts),
 * checked strictly: a shared URL may carry odd values (they are dropped), but a search saved for alerts
 * must mean what it says, so a malformed filter is refused with a message naming it.
 */

/** How many saved searches one person may keep. */
export const MAX_SAVED_SEARCHES = 50;
export const TOO_MANY_SAVED_SEARCHES = `You can keep at most ${MAX_SAVED_SEARCHES} saved searches. Delete one to save another.`;
export const alreadySaved = (name: string) => `You have already saved this search, as “${name}”.`;
/** A brand that is not a brand id, or names no brand: one message for both (no search for it could match). */
export const CHOOSE_A_BRAND = "Choose a brand from the list";
export const BAD_MATCHES_CURSOR = "This page of matches does not exist.";
/** Someone else's saved search, or none at all. */
export const NO_SAVED_SEARCH = "This saved search does not exist.";

/** A filter left out: absent or null (JSON). */
const absent = <T extends z.ZodType>(schema: T) =>
  schema
    .nullish()
    .transform((v) => v ?? undefined)
    .optional();
/**
 * A text or choice filter left out: absent, null, or empty — "any", as the form's empty fields say; text of
 * nothing visible is empty too (text-fields.ts).
 */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === "string" && !saysSomething(v) ? undefined : v), absent(schema));
const text = (label: string, max: number) =>
  requiredText(`${label} cannot be empty`)
    .max(max, `${label} must be ${max} characters or fewer`)
    .refine((v) => findNul(v) === null, `${label} contains a character that is not allowed`);
const dollars = (label: string) =>
  z
    .number({ error: `${label} must be an amount in dollars` })
    .positive(`${label} must be more than $0`)
    .max(10_000_000, `${label} must be at most $10,000,000`)
    .transform((d) => Math.round(d * 100));
const wholeGb = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a number of GB` })
    .int(`${label} must be a whole number of GB`)
    .min(1, `${label} must be at least 1 GB`)
    .max(max, `${label} must be at most ${max} GB`);

const spec = searchSchema.shape;
const tenths = (inches: number | undefined) =>
  inches === undefined || Math.abs(inches * 10 - Math.round(inches * 10)) < 1e-9;

/**
 * The filters and sort of a saved search: /allAdd's parameters, prices in dollars. Numbers are JSON numbers
 * and "verified sellers only" and "ships only" booleans — never coerced ("600", true or [600] for a price is refused, naming
 * it); the pages' form, which posts /allAdd's URL as text, is read into them first (savedSearchFormSchema).
 */
export const savedSearchFiltersSchema = z
  .object({
    q: optional(text("Words", 100)),
    brand: optional(z.uuid({ error: CHOOSE_A_BRAND })),
    minPrice: absent(dollars("Min price")),
    maxPrice: absent(dollars("Max price")),
    condition: optional(z.enum(CONDITIONS, { error: `Condition must be one of ${CONDITIONS.join(", ")}` })),
    location: optional(text("Location", 120)),
    minRam: absent(wholeGb("RAM", 256)),
    minStorage: absent(wholeGb("Storage", 16_384)),
    seller: optional(text("Seller", 64)),
    // The spec filters are checked as /allAdd checks them, with the same messages.
    cpu: optional(spec.cpu),
    tier: absent(SPEC_NUMBERS.tier),
    minBattery: absent(SPEC_NUMBERS.minBattery),
    // Stored to a tenth of an inch, as screens are sold: a finer size would be saved as another one.
    minScreen: absent(SPEC_NUMBERS.minScreen.refine(tenths, FILTER_ERRORS.minScreen)),
    maxScreen: absent(SPEC_NUMBERS.maxScreen.refine(tenths, FILTER_ERRORS.maxScreen)),
    storageType: optional(spec.storageType),
    maxYears: absent(SPEC_NUMBERS.maxYears),
    verified: absent(z.boolean({ error: FILTER_ERRORS.verified }).transform((on) => on || undefined)),
    ships: absent(z.boolean({ error: FILTER_ERRORS.ships }).transform((on) => on || undefined)),
    sort: optional(z.enum(SORTS, { error: `Sort must be one of ${SORTS.join(", ")}` })).transform((s) => s ?? "newest"),
  })
  .refine((f) => f.minPrice === undefined || f.maxPrice === undefined || f.minPrice <= f.maxPrice, {
    path: ["maxPrice"],
    message: "Max price must be at least the min price",
  })
  .refine((f) => f.minScreen === undefined || f.maxScreen === undefined || f.minScreen <= f.maxScreen, {
    path: ["maxScreen"],
    message: FILTER_ERRORS.screenRange,
  });
export type SavedSearchFilters = z.infer<typeof savedSearchFiltersSchema>;

export const alertsSchema = z.enum(SAVED_SEARCH_ALERTS, { error: "Alerts must be instant, daily or off" });
export const searchNameSchema = text("Name", 80);

/** Saving a search: its filters, and optionally a name (one is suggested) and alerts (instant by default). */
export const createSavedSearchSchema = z.intersection(
  savedSearchFiltersSchema,
  z.object({ name: optional(searchNameSchema), alerts: optional(alertsSchema) }),
);
export type CreateSavedSearch = z.infer<typeof createSavedSearchSchema>;

const NUMBER_FILTERS = [
  "minPrice",
  "maxPrice",
  "minRam",
  "minStorage",
  "tier",
  "minBattery",
  "minScreen",
  "maxScreen",
  "maxYears",
];
/** "Save this search" on the pages: /allAdd's URL as form text, read into numbers and a boolean first. */
export const savedSearchFormSchema = fromForm(createSavedSearchSchema, {
  ...Object.fromEntries(NUMBER_FILTERS.map((field) => [field, numberFromText])),
  verified: booleanFromText,
  ships: booleanFromText,
});

/** Renaming, and choosing alerts. */
export const updateSavedSearchSchema = z
  .object({ name: searchNameSchema.optional(), alerts: alertsSchema.optional() })
  .refine((u) => u.name !== undefined || u.alerts !== undefined, { message: "Give a new name or alerts" });

export const savedSearchSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    alerts: z.enum(SAVED_SEARCH_ALERTS),
    /** The search's parameters as /allAdd's URL takes them. */
    params: z.record(z.string(), z.string()),
    /** Where opening it goes: /allAdd with its parameters. */
    url: z.string(),
    /** Its filters in words ("Lenovo · 16 GB+ RAM · under $600"). */
    summary: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: "SavedSearch" });
export type SavedSearchView = z.infer<typeof savedSearchSchema>;
export const savedSearchListSchema = z.object({ savedSearches: z.array(savedSearchSchema) });

/** A laptop that matched one of my saved searches, as it is now (the page the alert emails link to). */
export const savedSearchMatchSchema = z
  .object({
    advertId: z.uuid(),
    name: z.string(),
    /** Null when the advert is gone. */
    imageUrl: z.string().nullable(),
    status: z.enum(FAVOURITE_STATUSES).meta({ description: "gone: deleted, removed or no longer exists" }),
    /** Null when the advert is gone. */
    priceCents: z.int().nullable(),
    searchId: z.uuid(),
    searchName: z.string(),
    matchedAt: z.string(),
  })
  .meta({ id: "SavedSearchMatch" });
export type SavedSearchMatch = z.infer<typeof savedSearchMatchSchema>;

export const savedSearchMatchPageSchema = z.object({
  items: z.array(savedSearchMatchSchema),
  next: z.string().nullable().meta({ description: "The cursor of the next page; null on the last page" }),
});
export type SavedSearchMatchPage = z.infer<typeof savedSearchMatchPageSchema>;

export const savedSearchMatchPageQuery = z.object({ cursor: z.string().max(300).optional() });
