import { PRICE_STEPS } from "./spec-query/price-steps.ts";
import type { Read, Reading } from "./spec-query/reading.ts";
import { SPEC_STEPS } from "./spec-query/spec-steps.ts";
import type { NamedBrand, SpecFilter, SpecQuery } from "./spec-query/types.ts";
import { FILLERS, norm } from "./spec-query/vocabulary.ts";

export type { NamedBrand, SpecField, SpecFilter, SpecQuery } from "./spec-query/types.ts";

/**
 * Reads a specification out of the words a buyer types — `thinkpad i7 16gb 512 ssd under 600` — as the
 * filters they mean (brand, processor family, RAM, storage, price…) and the words left over, which are
 * searched as text. Pure: the brands to recognise are passed in.
 *
 * Processor families are read with patterns of their own ("i7", "core ultra 7", "ryzen 5", "m1 pro",
 * "snapdragon x") and become a `cpu` filter matched against the processor the seller typed (see
 * search-filters.ts), not against the catalogue's processor list: the search then works for adverts whose
 * processor was not recognised too.
 *
 * The words are read left to right; at each word not yet taken, each step (spec-query/) is tried in turn —
 * prices and age first, then the laptop's parts and names — and the first that reads a filter there takes
 * its words.
 */

/** Each way of reading a filter, in the order they are tried at a word. */
const STEPS = [...PRICE_STEPS, ...SPEC_STEPS];

/** The filters read at word `i`: the first step's that finds any. */
function readAt(reading: Reading, i: number): Read[] {
  for (const step of STEPS) {
    const found = step(reading, i);
    if (found) return found;
  }
  return [];
}

export function parseSpecQuery(query: string, brands: NamedBrand[]): SpecQuery {
  // "<600" and "$300-$600" are split so each part is a word of its own.
  const tokens = query.match(/[<>]=?|[^\s<>]+/g) ?? [];
  const reading: Reading = { words: tokens.map(norm), used: new Set(), brands };
  const filters: SpecFilter[] = [];
  /** Words kept for the text search even though a filter read them (model lines). */
  const alsoText = new Set<number>();
  for (let i = 0; i < tokens.length; i++) {
    if (reading.used.has(i)) continue;
    for (const { set, from, width, alsoText: keep } of readAt(reading, i)) {
      const span = Array.from({ length: width }, (_, k) => from + k);
      for (const k of span) reading.used.add(k);
      filters.push({ set, tokens: span });
      if (keep) alsoText.add(from);
    }
  }
  const { words, used } = reading;
  const textTokens = tokens
    .map((_, k) => k)
    .filter((k) => (!used.has(k) || alsoText.has(k)) && !FILLERS.has(words[k] as string) && words[k] !== "");
  const text = textTokens.map((k) => tokens[k]).join(" ");
  return { tokens, filters, textTokens, text: text || undefined };
}
