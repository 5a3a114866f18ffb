import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Form, Link, useSearchParams } from "react-router";
import { type FilterErrors, SEARCH_FILTERS, type SearchParams } from "../../schemas/search.ts";
import { CONDITIONS } from "../../schemas/values.ts";
import { useHydrated } from "../lib/use-hydrated.ts";

const cents = (v: number | undefined) => (v === undefined ? undefined : String(v / 100));

/**
 * /allAdd's filter panel. On phones it folds behind a "Filters (n)" button so the laptops come first; it
 * opens by itself when a filter in the URL could not be used, and names that filter's problem under it
 * (the list still shows, with the filters that could).
 */
export function SearchFilters({
  params,
  brands,
  errors,
}: {
  params: SearchParams;
  brands: { id: string; name: string }[];
  errors: FilterErrors;
}) {
  const [url] = useSearchParams();
  const hydrated = useHydrated();
  const invalid = Object.keys(errors).length > 0;
  const [open, setOpen] = useState(invalid);
  const toggle = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLFormElement>(null);
  const focusFirst = useRef(false);
  const panelId = useId();
  const active = SEARCH_FILTERS.filter((k) => k !== "seller" && params[k] !== undefined).length;

  useEffect(() => {
    if (invalid) setOpen(true);
  }, [invalid]);
  useEffect(() => {
    // Opened from the button: the first filter takes focus, so keyboard users are inside what opened.
    if (open && focusFirst.current) panel.current?.querySelector<HTMLElement>("input, select")?.focus();
    focusFirst.current = false;
  }, [open]);

  // A value the search dropped is shown as typed, with its message; the others as the search read them.
  const value = (key: keyof SearchParams, read: string | number | undefined) =>
    errors[key] ? (url.get(key) ?? "") : read;
  const field = (key: keyof SearchParams, label: string, control: (ids: ControlIds) => ReactNode, wide = false) => (
    <FilterField key={key} label={label} error={errors[key]} wide={wide}>
      {control}
    </FilterField>
  );
  const input = "input input-bordered input-sm w-full";
  const select = "select select-bordered select-sm w-full";

  return (
    <div className="mb-6">
      <button
        ref={toggle}
        type="button"
        className="btn btn-outline w-full md:hidden"
        aria-expanded={open}
        aria-controls={panelId}
        disabled={!hydrated}
        onClick={() => {
          focusFirst.current = !open;
          setOpen(!open);
        }}
      >
        Filters ({active})
      </button>
      <Form
        ref={panel}
        id={panelId}
        method="get"
        aria-label="Filters"
        onKeyDown={(e) => {
          // Escape folds the panel back on phones (where the button shows) and returns to the button.
          if (e.key !== "Escape" || !toggle.current?.offsetParent) return;
          setOpen(false);
          toggle.current.focus();
        }}
        className={`${open ? "grid" : "hidden"} mt-3 grid-cols-2 gap-3 rounded-box bg-base-200 p-4 md:mt-0 md:grid md:grid-cols-4 lg:grid-cols-5`}
      >
        {field(
          "q",
          "Words",
          (ids) => (
            <input
              {...ids}
              name="q"
              type="search"
              defaultValue={value("q", params.q)}
              className={input}
              placeholder="ThinkPad, i7, 16 GB…"
            />
          ),
          true,
        )}
        {field("brand", "Brand", (ids) => (
          <select {...ids} name="brand" defaultValue={errors.brand ? "" : (params.brand ?? "")} className={select}>
            <option value="">Any brand</option>
            {brands.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </select>
        ))}
        {field("minPrice", "Min price ($)", (ids) => (
          <input
            {...ids}
            name="minPrice"
            inputMode="decimal"
            defaultValue={value("minPrice", cents(params.minPrice))}
            className={input}
          />
        ))}
        {field("maxPrice", "Max price ($)", (ids) => (
          <input
            {...ids}
            name="maxPrice"
            inputMode="decimal"
            defaultValue={value("maxPrice", cents(params.maxPrice))}
            className={input}
          />
        ))}
        {field("condition", "Condition", (ids) => (
          <select
            {...ids}
            name="condition"
            defaultValue={errors.condition ? "" : (params.condition ?? "")}
            className={select}
          >
            <option value="">Any condition</option>
            {CONDITIONS.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        ))}
        {field("location", "Location", (ids) => (
          <input {...ids} name="location" defaultValue={value("location", params.location)} className={input} />
        ))}
        {field("minRam", "RAM at least (GB)", (ids) => (
          <input
            {...ids}
            name="minRam"
            inputMode="numeric"
            defaultValue={value("minRam", params.minRam)}
            className={input}
          />
        ))}
        {field("minStorage", "Storage at least (GB)", (ids) => (
          <input
            {...ids}
            name="minStorage"
            inputMode="numeric"
            defaultValue={value("minStorage", params.minStorage)}
            className={input}
          />
        ))}
        {field("sort", "Sort by", (ids) => (
          <select {...ids} name="sort" defaultValue={params.sort} className={select}>
            <option value="newest">Newest first</option>
            <option value="price_asc">Price: low to high</option>
            <option value="price_desc">Price: high to low</option>
          </select>
        ))}
        <div className="col-span-2 flex items-end gap-2 md:col-span-4 lg:col-span-5">
          <button type="submit" className="btn btn-primary btn-sm">
            Apply filters
          </button>
          <Link to="/allAdd" className="btn btn-ghost btn-sm">
            Clear
          </Link>
        </div>
      </Form>
    </div>
  );
}

interface ControlIds {
  id: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

/** A filter: its label, its control, and what is wrong with the value the URL gave, tied to the control. */
function FilterField({
  label,
  error,
  wide,
  children,
}: {
  label: string;
  error?: string;
  wide: boolean;
  children: (ids: ControlIds) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`flex flex-col gap-1 text-sm ${wide ? "col-span-2" : ""}`}>
      <label htmlFor={id}>{label}</label>
      {children({ id, ...(error && { "aria-invalid": true, "aria-describedby": errorId }) })}
      {error && (
        <p id={errorId} className="text-error">
          {error}
        </p>
      )}
    </div>
  );
}
