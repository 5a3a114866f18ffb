import { Link, useSearchParams } from "react-router";
import { formatPrice } from "../../schemas/money.ts";
import type { Facets, SearchParams } from "../../schemas/search.ts";
import { PRICE_BANDS } from "../../schemas/values.ts";
import { countOf, labelled } from "./facet-counts.ts";

type Band = (typeof PRICE_BANDS)[number];
/** Prices in cents from `from` up to `to` (null: no top). */
interface Span {
  from: number;
  to: number | null;
}

const asSpan = ([bottom, top]: Band): Span => ({ from: bottom * 100, to: top === null ? null : top * 100 });
const spanName = ({ from, to }: Span) =>
  to === null
    ? `${formatPrice(from)} and over`
    : from === 0
      ? `Under ${formatPrice(to)}`
      : `${formatPrice(from)} to ${formatPrice(to)}`;

/**
 * The part of a band the search's own price filter keeps, or null when it keeps none of it. A band the filter
 * keeps whole is itself; one it cuts is the part between its ends, which is what the band's count is of
 * (the facet counts the results, and the results are within the filter).
 */
function keptPart(band: Band, min = 0, max?: number): Span | null {
  const { from, to } = asSpan(band);
  const kept = { from: Math.max(from, min), to: to === null ? (max ?? null) : Math.min(to, max ?? to) };
  return kept.to === null || kept.from < kept.to ? kept : null;
}

/**
 * The price ranges with their counts: each a link to the same search within that range. A range the search's
 * own price filter cuts ("$600 to $1,000" under Max price 800) is named, linked and counted as the part it
 * keeps ("$600 to $800 (1)"), so its count is of the laptops the link shows and a $640 result is counted; a
 * range outside the filter has no count (its laptops are not among these results, and choosing it finds them).
 */
export function PriceBands({ facets, params }: { facets: Facets; params: SearchParams }) {
  const [current] = useSearchParams();
  const within = ({ from, to }: Span) => {
    const next = new URLSearchParams(current);
    next.delete("cursor");
    if (from > 0) next.set("minPrice", String(from / 100));
    else next.delete("minPrice");
    if (to !== null) next.set("maxPrice", String(to / 100));
    else next.delete("maxPrice");
    return `?${next}`;
  };
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
      {PRICE_BANDS.map((band, i) => {
        const kept = keptPart(band, params.minPrice, params.maxPrice);
        const shown = kept ?? asSpan(band);
        return (
          <li key={band[0]}>
            <Link
              to={within(shown)}
              className="link link-primary inline-flex min-h-6 items-center"
              data-focus-key={`band-${i}`}
            >
              {labelled(spanName(shown), countOf(facets.price, i), facets.capped, kept !== null)}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
