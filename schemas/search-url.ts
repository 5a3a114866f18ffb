import type { SearchParams } from "./search.ts";

/* No zod here: the "Save this search" form builds its fields in the browser. */

const dollars = (cents: number | undefined) => (cents === undefined ? undefined : String(cents / 100));
const text = (v: number | string | undefined) => (v === undefined ? undefined : String(v));

/**
 * A search's words, filters and sort as /allAdd's URL carries them (prices in dollars, the default sort
 * left out): the link that opens a saved search, and the fields "Save this search" posts.
 */
export function searchUrlEntries(p: Omit<SearchParams, "cursor">): [string, string][] {
  const entries: [string, string | undefined][] = [
    ["q", p.q],
    ["brand", p.brand],
    ["seller", p.seller],
    ["minPrice", dollars(p.minPrice)],
    ["maxPrice", dollars(p.maxPrice)],
    ["condition", p.condition],
    ["location", p.location],
    ["minRam", text(p.minRam)],
    ["minStorage", text(p.minStorage)],
    ["cpu", p.cpu],
    ["tier", text(p.tier)],
    ["minBattery", text(p.minBattery)],
    ["minScreen", text(p.minScreen)],
    ["maxScreen", text(p.maxScreen)],
    ["storageType", p.storageType],
    ["maxYears", text(p.maxYears)],
    ["verified", p.verified ? "true" : undefined],
    ["ships", p.ships ? "true" : undefined],
    ["sort", p.sort === "newest" ? undefined : p.sort],
  ];
  return entries.filter((e): e is [string, string] => e[1] !== undefined);
}
