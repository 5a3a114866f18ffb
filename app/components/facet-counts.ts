import type { Facets } from "../../schemas/search.ts";
import type { Counted, Option } from "../../schemas/search-filters.ts";

type Counts = { value: unknown; count: number }[];

const number = new Intl.NumberFormat("en-US");
/** A count beside a value: exact, or "1,234+" when the search matched more laptops than were counted. */
const shown = (n: number, capped: boolean) => `${number.format(n)}${capped ? "+" : ""}`;
export const countOf = (list: Counts, value: unknown) => list.find((v) => v.value === value)?.count ?? 0;
/** "16 GB or more": every count at or above the value. */
const atLeast = (list: Counts, min: number) => list.reduce((n, v) => n + ((v.value as number) >= min ? v.count : 0), 0);

/**
 * "Acer (7)", or "Acer" alone where the search's own filter leaves it out: the counts are of the current results,
 * so with Dell chosen every other brand would read "(0)", though choosing one finds its laptops.
 */
export const labelled = (name: string, n: number, capped: boolean, counted: boolean) =>
  counted ? `${name} (${shown(n, capped)})` : name;

/** A choice with its count beside it, when the search's own filter on it (`chosen`) keeps that choice. */
export function countedChoice(option: Option, { facet, of }: Counted, chosen: unknown, facets: Facets) {
  const list = facets[facet] as Counts;
  if (of === "atLeast") {
    const gb = option.value as number;
    return labelled(option.name, atLeast(list, gb), facets.capped, chosen === undefined || gb >= (chosen as number));
  }
  return labelled(
    option.name,
    countOf(list, option.value),
    facets.capped,
    chosen === undefined || chosen === option.value,
  );
}
