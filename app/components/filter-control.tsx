import { useSearchParams } from "react-router";
import type { Facets, FilterErrors, FilterName, SearchParams } from "../../schemas/search.ts";
import { filterText, SEARCH_FILTERS } from "../../schemas/search-filters.ts";
import { countedChoice, countOf, labelled } from "./facet-counts.ts";
import { FilterField, FlagFilter } from "./filter-field.tsx";

/**
 * A filter's control in the panel, as the registry describes it (schemas/search-filters.ts), showing the
 * search as read. A value the search dropped is shown as typed, beside its message.
 */
export function FilterControl({
  name,
  params,
  facets,
  errors,
  brands,
}: {
  name: FilterName;
  params: SearchParams;
  facets: Facets;
  errors: FilterErrors;
  brands?: { id: string; name: string }[];
}) {
  const [url] = useSearchParams();
  const control = SEARCH_FILTERS[name].control;
  const value = params[name];
  switch (control?.kind) {
    case "input":
      return (
        <FilterField name={name} label={control.label} errors={errors} className={control.half ? "" : "col-span-2"}>
          {(c) => (
            <input
              {...c}
              type={control.type}
              inputMode={control.inputMode}
              defaultValue={errors[name] ? (url.get(name) ?? "") : filterText(name, value)}
              className="input input-bordered input-sm w-full"
              placeholder={control.placeholder}
            />
          )}
        </FilterField>
      );
    case "select": {
      const options = control.options({ value, brands });
      if (!options) return null;
      const { counted } = control;
      return (
        <FilterField name={name} label={control.label} errors={errors} className="col-span-2">
          {(c) => (
            <select
              {...c}
              defaultValue={(value as string | number | undefined) ?? ""}
              className="select select-bordered select-sm w-full"
            >
              <option value="">{control.any}</option>
              {options.map((option) => (
                <option key={option.value} value={option.value}>
                  {counted ? countedChoice(option, counted, value, facets) : option.name}
                </option>
              ))}
            </select>
          )}
        </FilterField>
      );
    }
    case "flag":
      return (
        <div className="col-span-2 text-sm">
          <FlagFilter
            name={name}
            label={
              control.counted
                ? labelled(control.label, countOf(facets[control.counted], 1), facets.capped, value === undefined)
                : control.label
            }
            on={value === true}
            error={errors[name]}
          />
        </div>
      );
    case "kept":
      // No control of its own (its chip removes it): kept when the form applies.
      return value === undefined ? null : <input type="hidden" name={name} value={filterText(name, value)} />;
    default:
      return null;
  }
}
