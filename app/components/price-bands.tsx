import { Link, useSearchParams } from "react-router";
import type { Facets, SearchParams } from "../../schemas/search.ts";
import { PRICE_BANDS } from "../../schemas/values.ts";
import { countOf, labelled } from "./facet-counts.ts";

type Band = (typeof PRICE_BANDS)[number];

const number = new Intl.NumberFormat("en-US");
const bandName = ([lo, hi]: Band) =>
  hi === null
    ? `$${number.format(lo)} and over`
    : lo === 0
      ? `Under $${hi}`
      : `$${number.format(lo)} to $${number.format(hi)}`;

/**
 * The price ranges with their counts: each a link to the same search within that range. A range is counted
 * when the search's own price filter keeps all of it.
 */
export function PriceBands({ facets, params }: { facets: Facets; params: SearchParams }) {
  const [current] = useSearchParams();
  const [lo, hi] = [(params.minPrice ?? 0) / 100, params.maxPrice === undefined ? null : params.maxPrice / 100];
  const counted = ([bottom, top]: Band) => bottom >= lo && (hi === null || (top !== null && top <= hi));
  const within = ([bottom, top]: Band) => {
    const next = new URLSearchParams(current);
    next.delete("cursor");
    if (bottom > 0) next.set("minPrice", String(bottom));
    else next.delete("minPrice");
    if (top !== null) next.set("maxPrice", String(top));
    else next.delete("maxPrice");
    return `?${next}`;
  };
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
      {PRICE_BANDS.map((band, i) => (
        <li key={band[0]}>
          <Link
            to={within(band)}
            className="link link-primary inline-flex min-h-6 items-center"
            data-focus-key={`band-${i}`}
          >
            {labelled(bandName(band), countOf(facets.price, i), facets.capped, counted(band))}
          </Link>
        </li>
      ))}
    </ul>
  );
}
