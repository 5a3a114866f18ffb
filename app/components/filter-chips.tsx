import { Link, useSearchParams } from "react-router";
import type { FilterChip } from "../../schemas/search.ts";
import { resultsHeading, useListFocus } from "../lib/use-focus-landing.ts";

/**
 * The filters in force above the results, those read from the words included: each is a link (so it works
 * without JavaScript) to the same search without it, named "Remove …" for screen readers.
 */
export function FilterChips({ chips }: { chips: FilterChip[] }) {
  const [current] = useSearchParams();
  // A removed chip's link goes with it: focus moves to the chip now in its place, or to the results.
  const list = useListFocus<HTMLUListElement>(chips.length, resultsHeading);
  if (chips.length === 0) return null;
  const without = (chip: FilterChip) => {
    const next = new URLSearchParams(current);
    for (const [key, value] of Object.entries(chip.remove)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    const search = next.toString();
    return search ? `?${search}` : "?";
  };
  return (
    <section aria-label="Filters in force" className="mb-4">
      <ul ref={list.ref} onFocus={list.onFocus} className="flex flex-wrap gap-2">
        {chips.map((chip) => (
          <li key={chip.label}>
            <Link
              to={without(chip)}
              aria-label={`Remove ${chip.label}`}
              className="btn btn-sm btn-outline min-h-6 rounded-full normal-case"
              preventScrollReset
            >
              {chip.label}
              <span aria-hidden="true">✕</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
