import { Form, useLocation, useSearchParams } from "react-router";

/**
 * Pages without the top bar's search: the account forms and the dashboard, where it is noise, and /allAdd and
 * the brand pages, whose filter panel has its own Words box (one search box per page).
 */
const WITHOUT_SEARCH =
  /^\/(login|signUp|register\/seller|forgot-password|reset-password|dashboard|allAdd|category)(\/|$)/;

/** The top bar's search: lands on /allAdd with the query in the URL. */
export function SearchStrip() {
  const [params] = useSearchParams();
  if (WITHOUT_SEARCH.test(useLocation().pathname)) return null;
  return (
    <Form method="get" action="/allAdd" role="search" className="mx-auto flex max-w-7xl items-end gap-2 px-4 pb-3">
      <label className="flex flex-1 flex-col gap-1 text-sm">
        <span>Search laptops</span>
        <input
          type="search"
          name="q"
          defaultValue={params.get("q") ?? ""}
          placeholder="MacBook, ThinkPad, 16 GB…"
          className="input input-bordered w-full"
        />
      </label>
      <button type="submit" className="btn btn-neutral">
        Search
      </button>
    </Form>
  );
}
