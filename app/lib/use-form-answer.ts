import { type FetcherWithComponents, useActionData } from "react-router";
import type { ActionErrors } from "./forms.server.ts";

/**
 * The page's answer to a post for `item`, if that was the last post: one of the page's forms alike (each
 * dispute's decision, each review's answer), posted without JavaScript, which the browser sent as the page;
 * no item: an answer that names none, the page's own forms'.
 */
export function usePageAnswer<T extends ActionErrors>(item: string | undefined): T | undefined {
  const page = useActionData() as T | undefined;
  return page && typeof page === "object" && page.item === item ? page : undefined;
}

/**
 * What one of a page's forms alike was last answered. With JavaScript the form posts through its fetcher, whose
 * answer it is; without, the browser posts it as the page, and the page's answer is this form's when it names
 * the same item (refusalFor) — so a refusal shows beside the form that was refused, not nowhere.
 */
export function useFormAnswer<T extends ActionErrors>(fetcher: FetcherWithComponents<T>, item: string): T | undefined {
  const page = usePageAnswer<T>(item);
  return fetcher.data !== undefined ? fetcher.data : page;
}
