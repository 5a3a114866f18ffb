/**
 * Saved searches: a person keeps /allAdd's words, filters and sort under a name (at most 50), opens them
 * again, and hears of new laptops that match — instantly (a notification, and an email at most hourly
 * per search), in a daily digest, or not at all. Matching runs on the job queue after an advert is
 * published (core/orders/advert-lifecycle.ts `publish`), as one SQL statement over the searches' columns.
 * A person's own searches are verbs taking the database, the person and the input.
 */
export { createSavedSearchAlerts } from "./alerts.ts";
export { changeSavedSearch, deleteSavedSearch } from "./change-search.ts";
export { countNewMatches, listMatches, savedSearchMatchesQuery } from "./matches.ts";
export { countMatchingSearches, withoutJit } from "./matching.ts";
export { saveSearch } from "./save-search.ts";
export { getSavedSearch, listSavedSearches, savedSearchParams } from "./saved-searches.ts";
