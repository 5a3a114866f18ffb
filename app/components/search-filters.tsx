import { useEffect, useId, useRef, useState } from "react";
import { Form, Link, useLocation, useSearchParams } from "react-router";
import type { Facets, FilterErrors, SearchParams } from "../../schemas/search.ts";
import { CONDITIONS, PERFORMANCE_TIERS, PRICE_BANDS, STORAGE_TYPES, storageSize } from "../../schemas/values.ts";
import { plainClick } from "../lib/plain-click.ts";
import { RESULTS_HEADING_ID } from "../lib/use-focus-landing.ts";
import { useHydrated } from "../lib/use-hydrated.ts";

type Errors = FilterErrors;
type Counted<T> = { value: T; count: number }[];

const number = new Intl.NumberFormat("en-US");
/** A count beside a value: exact, or "1,234+" when the search matched more laptops than were counted. */
const shown = (n: number, capped: boolean) => `${number.format(n)}${capped ? "+" : ""}`;
const countOf = <T,>(list: Counted<T>, value: T) => list.find((v) => v.value === value)?.count ?? 0;
/** "16 GB or more": every count at or above the value. */
const atLeast = (list: Counted<number>, min: number) => list.reduce((n, v) => n + (v.value >= min ? v.count : 0), 0);
/**
 * "Acer (7)", or "Acer" alone where the search's own filter leaves it out: the counts are of the current results,
 * so with Dell chosen every other brand would read "(0)", though choosing one finds its laptops.
 */
const labelled = (name: string, n: number, capped: boolean, counted: boolean) =>
  counted ? `${name} (${shown(n, capped)})` : name;
/** Which values of each filter the current results can count: those the search's own filters keep. */
function countable(p: SearchParams) {
  const [lo, hi] = [(p.minPrice ?? 0) / 100, p.maxPrice === undefined ? null : p.maxPrice / 100];
  return {
    brand: (id: string) => !p.brand || p.brand === id,
    condition: (v: string) => !p.condition || p.condition === v,
    ram: (gb: number) => !p.minRam || gb >= p.minRam,
    storage: (gb: number) => !p.minStorage || gb >= p.minStorage,
    tier: (t: number) => !p.tier || p.tier === t,
    price: ([bottom, top]: (typeof PRICE_BANDS)[number]) =>
      bottom >= lo && (hi === null || (top !== null && top <= hi)),
  };
}
const cents = (v: number | undefined) => (v === undefined ? undefined : String(v / 100));
const RAM_STEPS = [4, 8, 16, 32, 64];
const STORAGE_STEPS = [128, 256, 512, 1000, 2000];
const bandName = ([lo, hi]: (typeof PRICE_BANDS)[number]) =>
  hi === null
    ? `$${number.format(lo)} and over`
    : lo === 0
      ? `Under $${hi}`
      : `$${number.format(lo)} to $${number.format(hi)}`;

/** A label, its control and the filter's error under it, tied together for screen readers. */
function Filter({
  name,
  label,
  errors,
  className = "",
  children,
}: {
  name: keyof SearchParams;
  label: string;
  errors: Errors;
  className?: string;
  children: (control: {
    id: string;
    name: string;
    "aria-invalid"?: true;
    "aria-describedby"?: string;
  }) => React.ReactNode;
}) {
  const id = `filter-${name}`;
  const error = errors[name];
  return (
    <div className={`flex flex-col gap-1 text-sm ${className}`}>
      <label htmlFor={id}>{label}</label>
      {children({ id, name, ...(error && { "aria-invalid": true, "aria-describedby": `${id}-error` }) })}
      {error && (
        <p id={`${id}-error`} className="text-error">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The filters of /allAdd and the brand pages, read from and written to the URL (a plain GET form). Beside
 * each value, how many of the current results have it (facets). A brand page leaves out the brand. On phones
 * the panel folds behind a "Filters (n)" button so the laptops come first; it folds again once a search made
 * in it has loaded, focus going to the results. A browser without JavaScript shows the panel and no button
 * (the button needs it). It opens by itself when a filter in the URL could not be used, and names that
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
  errors: Errors;
  brands?: { id: string; name: string }[];
  clearTo: string;
  /** How many filters are in force, those read from the words included: the chips above the results. */
  inForce: number;
}) {
  const [url] = useSearchParams();
  const location = useLocation();
  const hydrated = useHydrated();
  const invalid = Object.keys(errors).length > 0;
  const [open, setOpen] = useState(invalid);
  const toggle = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLFormElement>(null);
  const focusFirst = useRef(false);
  const focusResults = useRef(false);
  /** A search was started from the open panel on a phone (Apply filters, a price range, Clear). */
  const searching = useRef(false);
  const panelId = useId();
  useEffect(() => {
    if (invalid) setOpen(true);
  }, [invalid]);
  useEffect(() => {
    // Opened from the button: the first filter takes focus, so keyboard users are inside what opened.
    if (open && focusFirst.current) panel.current?.querySelector<HTMLElement>("input, select")?.focus();
    // Folded after a search: the results' heading, once the panel no longer pushes it down the page.
    if (!open && focusResults.current) (document.getElementById(RESULTS_HEADING_ID) ?? toggle.current)?.focus();
    focusFirst.current = false;
    focusResults.current = false;
  }, [open]);
  /** The control that has focus in the panel (its name or focus key), so a new search can give it back. */
  const focused = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once the search's page has loaded (a new location key)
  useEffect(() => {
    if (!searching.current) {
      // The panel was drawn again for the new search (its key): the control that had focus (Apply filters,
      // Words after Enter, a price range) gets it back, as it would have kept it in a panel left in place.
      const active = document.activeElement;
      if (focused.current && (!active || active === document.body)) {
        panel.current
          ?.querySelector<HTMLElement>(`[name="${focused.current}"], [data-focus-key="${focused.current}"]`)
          ?.focus();
      }
      return;
    }
    searching.current = false;
    // A filter the search could not use keeps the panel open, its message under it.
    if (invalid) return;
    // The results are what was asked for. Focus goes to them (rather than to <body>, as the control that had it
    // folds away), unless the person has already moved on while the search loaded.
    const active = document.activeElement;
    focusResults.current = !active || active === document.body || Boolean(panel.current?.contains(active));
    setOpen(false);
  }, [location.key]);
  /** On a phone (where the toggle shows), a search started inside the panel folds it once loaded. */
  const foldAfterSearch = () => {
    if (open && toggle.current?.offsetParent) searching.current = true;
  };
  /** A value the search dropped is shown as typed, beside its message; the others as the search read them. */
  const typed = (key: keyof SearchParams, read: string | number | undefined) =>
    errors[key] ? (url.get(key) ?? "") : read;

  const input = "input input-bordered input-sm";
  const select = "select select-bordered select-sm";
  const capped = facets.capped;
  const counts = countable(params);
  return (
    <div className="mb-6">
      <button
        ref={toggle}
        type="button"
        className="btn btn-outline w-full md:hidden noscript:hidden"
        aria-expanded={open}
        aria-controls={panelId}
        disabled={!hydrated}
        onClick={() => {
          focusFirst.current = !open;
          setOpen(!open);
        }}
      >
        Filters ({inForce})
      </button>
      <Form
        // A new search (a chip removed, a price range, Back) starts the controls again from what it reads: a
        // select keeps its first defaultValue, so it showed a filter no longer in force, and applied it again.
        key={location.search}
        ref={panel}
        id={panelId}
        method="get"
        onSubmit={foldAfterSearch}
        onClick={(e) => {
          // A plain click on a price range or Clear searches in this tab; one opening a new tab does not.
          if (plainClick(e) && (e.target as Element).closest("a[href]")) foldAfterSearch();
        }}
        onFocus={(e) => {
          focused.current = e.target.getAttribute("name") ?? e.target.getAttribute("data-focus-key");
        }}
        onBlur={(e) => {
          // Gone elsewhere on the page: nothing to give back. (A control removed with the old panel fires no blur.)
          if (!e.currentTarget.contains(e.relatedTarget)) focused.current = null;
        }}
        onKeyDown={(e) => {
          // Escape folds the panel back on phones (where the button shows) and returns to the button.
          if (e.key !== "Escape" || !toggle.current?.offsetParent) return;
          setOpen(false);
          toggle.current.focus();
        }}
        className={`${open ? "grid" : "hidden"} mt-3 grid-cols-2 gap-3 rounded-box bg-base-200 p-4 noscript:grid md:mt-0 md:grid md:grid-cols-4 lg:grid-cols-5`}
        aria-label="Filters"
      >
        <Filter name="q" label="Words" errors={errors} className="col-span-2">
          {(c) => (
            <input
              {...c}
              type="search"
              defaultValue={typed("q", params.q)}
              className={input}
              placeholder="thinkpad i7 16gb under 600"
            />
          )}
        </Filter>
        {/* The processor family has no control of its own (its chip removes it): kept when the form applies. */}
        {params.cpu && <input type="hidden" name="cpu" value={params.cpu} />}
        {brands && (
          <Filter name="brand" label="Brand" errors={errors}>
            {(c) => (
              <select {...c} defaultValue={params.brand ?? ""} className={select}>
                <option value="">Any brand</option>
                {brands.map((b) => (
                  <option key={b.id} value={b.id}>
                    {labelled(b.name, countOf(facets.brand, b.id), capped, counts.brand(b.id))}
                  </option>
                ))}
              </select>
            )}
          </Filter>
        )}
        <Filter name="minPrice" label="Min price ($)" errors={errors}>
          {(c) => (
            <input
              {...c}
              inputMode="decimal"
              defaultValue={typed("minPrice", cents(params.minPrice))}
              className={input}
            />
          )}
        </Filter>
        <Filter name="maxPrice" label="Max price ($)" errors={errors}>
          {(c) => (
            <input
              {...c}
              inputMode="decimal"
              defaultValue={typed("maxPrice", cents(params.maxPrice))}
              className={input}
            />
          )}
        </Filter>
        <Filter name="condition" label="Condition" errors={errors}>
          {(c) => (
            <select {...c} defaultValue={params.condition ?? ""} className={select}>
              <option value="">Any condition</option>
              {CONDITIONS.map((v) => (
                <option key={v} value={v}>
                  {labelled(v, countOf(facets.condition, v), capped, counts.condition(v))}
                </option>
              ))}
            </select>
          )}
        </Filter>
        <Filter name="location" label="Location" errors={errors}>
          {(c) => <input {...c} defaultValue={typed("location", params.location)} className={input} />}
        </Filter>
        <Filter name="minRam" label="RAM at least" errors={errors}>
          {(c) => (
            <select {...c} defaultValue={params.minRam ?? ""} className={select}>
              <option value="">Any RAM</option>
              {[...new Set([...RAM_STEPS, ...(params.minRam ? [params.minRam] : [])])]
                .sort((a, b) => a - b)
                .map((gb) => (
                  <option key={gb} value={gb}>
                    {labelled(`${gb} GB or more`, atLeast(facets.ram, gb), capped, counts.ram(gb))}
                  </option>
                ))}
            </select>
          )}
        </Filter>
        <Filter name="minStorage" label="Storage at least" errors={errors}>
          {(c) => (
            <select {...c} defaultValue={params.minStorage ?? ""} className={select}>
              <option value="">Any storage</option>
              {[...new Set([...STORAGE_STEPS, ...(params.minStorage ? [params.minStorage] : [])])]
                .sort((a, b) => a - b)
                .map((gb) => (
                  <option key={gb} value={gb}>
                    {labelled(`${storageSize(gb)} or more`, atLeast(facets.storage, gb), capped, counts.storage(gb))}
                  </option>
                ))}
            </select>
          )}
        </Filter>
        <Filter name="storageType" label="Storage type" errors={errors}>
          {(c) => (
            <select {...c} defaultValue={params.storageType ?? ""} className={select}>
              <option value="">Any type</option>
              {STORAGE_TYPES.map((v) => (
                <option key={v} value={v}>
                  {v}
                </option>
              ))}
            </select>
          )}
        </Filter>
        <Filter name="tier" label="Performance" errors={errors}>
          {(c) => (
            <select {...c} defaultValue={params.tier ?? ""} className={select}>
              <option value="">Any performance</option>
              {PERFORMANCE_TIERS.map((name, i) => (
                <option key={name} value={i + 1}>
                  {labelled(name, countOf(facets.tier, i + 1), capped, counts.tier(i + 1))}
                </option>
              ))}
            </select>
          )}
        </Filter>
        <Filter name="minBattery" label="Battery health at least (%)" errors={errors}>
          {(c) => (
            <input {...c} inputMode="numeric" defaultValue={typed("minBattery", params.minBattery)} className={input} />
          )}
        </Filter>
        <Filter name="minScreen" label="Screen from (inches)" errors={errors}>
          {(c) => (
            <input {...c} inputMode="decimal" defaultValue={typed("minScreen", params.minScreen)} className={input} />
          )}
        </Filter>
        <Filter name="maxScreen" label="Screen up to (inches)" errors={errors}>
          {(c) => (
            <input {...c} inputMode="decimal" defaultValue={typed("maxScreen", params.maxScreen)} className={input} />
          )}
        </Filter>
        <Filter name="maxYears" label="Used at most (years)" errors={errors}>
          {(c) => (
            <input {...c} inputMode="numeric" defaultValue={typed("maxYears", params.maxYears)} className={input} />
          )}
        </Filter>
        <div className="flex flex-col justify-end gap-1 text-sm">
          <FlagFilter name="verified" label="Verified sellers only" on={params.verified} error={errors.verified} />
          <FlagFilter name="ships" label="Ships" on={params.ships} error={errors.ships} />
        </div>
        <Filter name="sort" label="Sort by" errors={errors}>
          {(c) => (
            <select {...c} defaultValue={params.sort} className={select}>
              <option value="newest">Newest first</option>
              <option value="price_asc">Price: low to high</option>
              <option value="price_desc">Price: high to low</option>
            </select>
          )}
        </Filter>
        <div className="col-span-2 md:col-span-4 lg:col-span-5">
          <h2 className="mb-1 text-sm">Price ranges</h2>
          <PriceBands facets={facets} counted={counts.price} />
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

/** The price ranges with their counts: each a link to the same search within that range. */
function PriceBands({ facets, counted }: { facets: Facets; counted: (band: (typeof PRICE_BANDS)[number]) => boolean }) {
  const [current] = useSearchParams();
  const within = ([lo, hi]: (typeof PRICE_BANDS)[number]) => {
    const next = new URLSearchParams(current);
    next.delete("cursor");
    if (lo > 0) next.set("minPrice", String(lo));
    else next.delete("minPrice");
    if (hi !== null) next.set("maxPrice", String(hi));
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

/** A filter that is on or off: a checkbox in the URL as `name=true`, with the message when its value was wrong. */
function FlagFilter({ name, label, on, error }: { name: string; label: string; on?: boolean; error?: string }) {
  const errorId = `filter-${name}-error`;
  return (
    <>
      <label className="flex min-h-6 items-center gap-2">
        <input
          type="checkbox"
          name={name}
          value="true"
          defaultChecked={on === true}
          className="checkbox checkbox-sm"
          aria-describedby={error ? errorId : undefined}
        />
        {label}
      </label>
      {error && (
        <p id={errorId} className="text-error">
          {error}
        </p>
      )}
    </>
  );
}
