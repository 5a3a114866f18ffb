import { useId } from "react";
import { Form, Link, useLocation } from "react-router";
import type { Facets, FilterErrors, SearchParams } from "../../schemas/search.ts";
import { PANEL, SEARCH_FILTERS } from "../../schemas/search-filters.ts";
import { useFoldingPanel } from "../lib/use-folding-panel.ts";
import { useHydrated } from "../lib/use-hydrated.ts";
import { FilterControl } from "./filter-control.tsx";
import { FilterField } from "./filter-field.tsx";
import { PriceBands } from "./price-bands.tsx";

const isFlag = (name: (typeof PANEL)[number]) => SEARCH_FILTERS[name].control?.kind === "flag";

/**
 * The filters of /allAdd and the brand pages, read from and written to the URL (a plain GET form), each
 * control as the registry describes it (schemas/search-filters.ts). Beside each value, how many of the current
 * results have it (facets). A brand page leaves out the brand. On phones the panel folds behind a "Filters (n)"
 * button so the laptops come first (useFoldingPanel); a browser without JavaScript shows the panel and no
 * button (the button needs it). It opens by itself when a filter in the URL could not be used, and names that
 * filter's problem under it (the list still shows, with the filters that could), keeping the value as it was
 * typed.
 *
 * The controls show the search as read, as the chips do: "thinkpad 16gb" is Brand Lenovo and RAM 16 GB or
 * more, the words left in Words. Applying it again asks for the same laptops, the filters now in the URL.
 */
export function SearchFilters({
  params,
  facets,
  errors,
  brands,
  clearTo,
  inForce,
}: {
  /** The search as read: the filters its words named included, the words left as its `q`. */
  params: SearchParams;
  facets: Facets;
  errors: FilterErrors;
  brands?: { id: string; name: string }[];
  clearTo: string;
  /** How many filters are in force, those read from the words included: the chips above the results. */
  inForce: number;
}) {
  const location = useLocation();
  const hydrated = useHydrated();
  const { open, toggle, panel } = useFoldingPanel(Object.keys(errors).length > 0);
  const panelId = useId();
  return (
    <div className="mb-6">
      <button
        ref={toggle.ref}
        type="button"
        className="btn btn-outline w-full md:hidden noscript:hidden"
        aria-expanded={open}
        aria-controls={panelId}
        disabled={!hydrated}
        onClick={toggle.onClick}
      >
        Filters ({inForce})
      </button>
      <Form
        // A new search (a chip removed, a price range, Back) starts the controls again from what it reads: a
        // select keeps its first defaultValue, so it showed a filter no longer in force, and applied it again.
        key={location.search}
        {...panel}
        id={panelId}
        method="get"
        className={`${open ? "grid" : "hidden"} mt-3 grid-cols-2 gap-3 rounded-box bg-base-200 p-4 noscript:grid md:mt-0 md:grid md:grid-cols-4 lg:grid-cols-5`}
        aria-label="Filters"
      >
        {PANEL.filter((name) => !isFlag(name)).map((name) => (
          <FilterControl key={name} name={name} params={params} facets={facets} errors={errors} brands={brands} />
        ))}
        {/* The boxes to tick share one cell. */}
        <div className="flex flex-col justify-end gap-1 text-sm">
          {PANEL.filter(isFlag).map((name) => (
            <FilterControl key={name} name={name} params={params} facets={facets} errors={errors} />
          ))}
        </div>
        <FilterField name="sort" label="Sort by" errors={errors}>
          {(c) => (
            <select {...c} defaultValue={params.sort} className="select select-bordered select-sm">
              <option value="newest">Newest first</option>
              <option value="price_asc">Price: low to high</option>
              <option value="price_desc">Price: high to low</option>
            </select>
          )}
        </FilterField>
        <div className="col-span-2 md:col-span-4 lg:col-span-5">
          <h2 className="mb-1 text-sm">Price ranges</h2>
          <PriceBands facets={facets} params={params} />
        </div>
        <div className="col-span-2 flex items-end gap-2 md:col-span-4 lg:col-span-5">
          <button type="submit" className="btn btn-primary btn-sm" data-focus-key="apply">
            Apply filters
          </button>
          <Link to={clearTo} className="btn btn-ghost btn-sm" data-focus-key="clear">
            Clear
          </Link>
        </div>
      </Form>
    </div>
  );
}
