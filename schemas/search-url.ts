import type { SearchParams } from "./search.ts";
import { FILTER_NAMES, filterText } from "./search-filters.ts";

/* No zod here: the "Save this search" form builds its fields in the browser. */

/**
 * A search's words, filters and sort as /allAdd's URL carries them (prices in dollars, the default sort
 * left out): the link that opens a saved search, and the fields "Save this search" posts.
 */
export function searchUrlEntries(p: Omit<SearchParams, "cursor">): [string, string][] {
  const entries: [string, string | undefined][] = [
    ...FILTER_NAMES.map((name): [string, string | undefined] => [name, filterText(name, p[name])]),
    ["sort", p.sort === "newest" ? undefined : p.sort],
  ];
  return entries.filter((e): e is [string, string] => e[1] !== undefined);
}
