import { z } from "zod";
import { trackedLaptopSchema, withCard } from "./favourites.ts";
import { booleanFromText, fromForm, numberFromText } from "./form-values.ts";
import { keysetPage } from "./keyset-pages.ts";
import { quotedThenStop } from "./quoted-text.ts";
import { SORTS } from "./search.ts";
import { checkRanges, checksFor, optionalField, savedText } from "./search-filter-checks.ts";
import { FILTER_NAMES, SEARCH_FILTERS, type TextForm } from "./search-filters.ts";
import { SAVED_SEARCH_ALERTS } from "./values.ts";

export { describeSearch } from "./saved-search-names.ts";

/**
 * Saved searches' requests and replies. A saved search is /allAdd's own parameters (schemas/search.ts),
 * checked strictly: a shared URL may carry odd values (they are dropped), but a search saved for alerts
 * must mean what it says, so a malformed filter is refused with a message naming it.
 */

/** How many saved searches one person may keep. */
export const MAX_SAVED_SEARCHES = 50;
export const TOO_MANY_SAVED_SEARCHES = `You can keep at most ${MAX_SAVED_SEARCHES} saved searches. Delete one to save another.`;
export const alreadySaved = (name: string) => `You have already saved this search, as ${quotedThenStop(name)}`;
export { CHOOSE_A_BRAND } from "./search-filter-checks.ts";
export const BAD_MATCHES_CURSOR = "This page of matches does not exist.";
/** Someone else's saved search, or none at all. */
export const NO_SAVED_SEARCH = "This saved search does not exist.";

/**
 * The filters and sort of a saved search: /allAdd's parameters, prices in dollars. Numbers are JSON numbers
 * and "verified sellers only" and "ships only" booleans — never coerced ("600", true or [600] for a price is refused, naming
 * it); the pages' form, which posts /allAdd's URL as text, is read into them first (savedSearchFormSchema).
 */
export const savedSearchFiltersSchema = z
  .object({
    ...checksFor("saved"),
    sort: optionalField(z.enum(SORTS, { error: `Sort must be one of ${SORTS.join(", ")}` })).transform(
      (s) => s ?? "newest",
    ),
  })
  .superRefine(checkRanges);
export type SavedSearchFilters = z.infer<typeof savedSearchFiltersSchema>;

export const alertsSchema = z.enum(SAVED_SEARCH_ALERTS, { error: "Alerts must be instant, daily or off" });
export const searchNameSchema = savedText("Name", 80);

/** Saving a search: its filters, and optionally a name (one is suggested) and alerts (instant by default). */
export const createSavedSearchSchema = z.intersection(
  savedSearchFiltersSchema,
  z.object({ name: optionalField(searchNameSchema), alerts: optionalField(alertsSchema) }),
);
export type CreateSavedSearch = z.infer<typeof createSavedSearchSchema>;

/** How a filter written as text (search-filters.ts) is read back: numbers and flags; text stays text. */
const READ_TEXT: Partial<Record<TextForm, (text: unknown) => unknown>> = {
  number: numberFromText,
  dollars: numberFromText,
  flag: booleanFromText,
};
/** "Save this search" on the pages: /allAdd's URL as form text, read into numbers and booleans first. */
export const savedSearchFormSchema = fromForm(
  createSavedSearchSchema,
  Object.fromEntries(
    FILTER_NAMES.flatMap((name) => {
      const read = READ_TEXT[SEARCH_FILTERS[name].text];
      return read ? [[name, read]] : [];
    }),
  ),
);

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
export const savedSearchMatchSchema = trackedLaptopSchema.extend({
  /** Null when the advert is gone. */
  priceCents: z.int().nullable(),
  searchId: z.uuid(),
  searchName: z.string(),
  matchedAt: z.string(),
});
export type SavedSearchMatch = z.infer<typeof savedSearchMatchSchema>;

export const savedSearchMatchPageSchema = keysetPage(withCard(savedSearchMatchSchema).meta({ id: "SavedSearchMatch" }));

export const savedSearchMatchPageQuery = z.object({ cursor: z.string().max(300).optional() });
