import type { FilterChip, SearchParams } from "../../schemas/search.ts";
import { CHIPS, SEARCH_FILTERS } from "../../schemas/search-filters.ts";
import { type NamedBrand, parseSpecQuery, type SpecField } from "./spec-query.ts";

/**
 * A search as the buyer typed it, read: the filters found in its words are added to the ones set in
 * the URL (which win when both set the same one), the words left over are searched as text, and every
 * filter in force becomes a chip that removes it — from the URL, or by taking its words out of the query.
 * `fixed` filters belong to the page (a brand page's brand) and get no chip.
 */
export function readSearch(
  params: SearchParams,
  brands: NamedBrand[],
  fixed: (keyof SearchParams)[] = [],
): { params: SearchParams; chips: FilterChip[] } {
  const parsed = params.q ? parseSpecQuery(params.q, brands) : undefined;
  const effective: SearchParams = { ...params, q: parsed ? parsed.text : params.q };
  /** Which of the query's words set each field (a field the URL set is not here). */
  const fromQuery = new Map<keyof SearchParams, number[]>();
  for (const filter of parsed?.filters ?? []) {
    for (const [field, value] of Object.entries(filter.set) as [SpecField, never][]) {
      if (params[field] !== undefined || fixed.includes(field)) continue;
      effective[field] = value;
      fromQuery.set(field, filter.tokens);
    }
  }
  const queryWithout = (drop: Set<number>) => {
    const rest = (parsed?.tokens ?? []).filter((_, k) => !drop.has(k)).join(" ");
    return rest || null;
  };
  const chips: FilterChip[] = [];
  const brandName = brands.find((b) => b.id === effective.brand)?.name;
  for (const fields of CHIPS) {
    const label = SEARCH_FILTERS[fields[0]].chip;
    const active = fields.filter((f) => effective[f] !== undefined && !fixed.includes(f));
    if (!label || active.length === 0) continue;
    const remove: FilterChip["remove"] = { cursor: null };
    const drop = new Set<number>();
    for (const field of active) {
      const tokens = fromQuery.get(field);
      if (tokens) for (const k of tokens) drop.add(k);
      else if (field !== "q") remove[field] = null;
    }
    if (fields[0] === "q") {
      // The words chip takes out the words searched as text; a filter read from one of them ("thinkpad" →
      // Lenovo) stays, moved into the URL.
      for (const k of parsed?.textTokens ?? []) drop.add(k);
      for (const [field, tokens] of fromQuery) {
        const value = effective[field];
        if (tokens.some((k) => drop.has(k)) && value !== undefined) remove[field] = String(value);
      }
      remove.q = queryWithout(drop);
    } else if (drop.size) remove.q = queryWithout(drop);
    chips.push({ label: label(effective, brandName), remove });
  }
  return { params: effective, chips };
}
