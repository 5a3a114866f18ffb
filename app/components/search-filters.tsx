import { useId } from "react";
import { Form, Link, useLocation } from "react-router";
import type { Facets, FilterErrors, SearchParams } from "../../schemas/search.ts";
import { PANEL_GROUPS } from "../../schemas/search-filters.ts";
import { useFoldingPanel } from "../lib/use-folding-panel.ts";
import { useHydrated } from "../lib/use-hydrated.ts";
import { FilterControl } from "./filter-control.tsx";
import { FilterField } from "./filter-field.tsx";
import { PriceBands } from "./price-bands.tsx";

/**
 * The filters of /allAdd and the brand pages, read from and written to the URL (a plain GET form), each
 * control as the registry describes it (schemas/search-filters.ts). Beside each value, how many of the current
 * results have it (facets). A brand page leaves out the brand. From `lg` up the panel is a sidebar beside the
 * results, its groups folding each on its own; below, it folds behind a "Filters (n)" button so the laptops
 * come first (useFoldingPanel); a browser without JavaScript shows the panel and no
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
    <div className="mb-4 lg:mb-0">
      <button
        ref={toggle.ref}
        type="button"
        className="btn btn-outline w-full lg:hidden noscript:hidden"
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
        className={`${open ? "flex" : "hidden"} mt-3 flex-col gap-2 rounded-box bg-base-200 p-3 noscript:flex lg:mt-0 lg:flex`}
        aria-label="Filters"
      >
        {PANEL_GROUPS.map((group) => (
          // Open as the page comes: a group folds only when its reader folds it.
          <details key={group.title} open className="group">
            <summary className="flex min-h-8 cursor-pointer items-center justify-between font-semibold">
              {group.title}
              <span aria-hidden="true" className="transition group-open:rotate-180">
                ▾
              </span>
            </summary>
            <div className="grid grid-cols-2 gap-3 pt-1 pb-2">
              {group.filters.map((name) => (
                <FilterControl key={name} name={name} params={params} facets={facets} errors={errors} brands={brands} />
              ))}
              {group.title === "Search" && (
                <FilterField name="sort" label="Sort by" errors={errors} className="col-span-2">
                  {(c) => (
                    <select {...c} defaultValue={params.sort} className="select select-bordered select-sm w-full">
                      <option value="newest">Newest first</option>
                      <option value="price_asc">Price: low to high</option>
                      <option value="price_desc">Price: high to low</option>
                      <option value="best_value">Best value</option>
                    </select>
                  )}
                </FilterField>
              )}
              {group.title === "Price" && (
                <div className="col-span-2">
                  <p className="mb-1 text-sm">Price ranges</p>
                  <PriceBands facets={facets} params={params} />
                </div>
              )}
            </div>
          </details>
        ))}
        <div className="flex items-end gap-2 border-t border-base-300 pt-3">
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
