import { Form, useSearchParams } from "react-router";

/** The top bar's search: lands on /allAdd with the query in the URL. */
export function SearchStrip() {
  const [params] = useSearchParams();
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
