import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import { plainClick } from "../lib/plain-click.ts";
import { land, resultsHeading } from "../lib/use-focus-landing.ts";

/**
 * Keyset pages: "Next page" and "Previous page" carry a cursor in the URL; the first page is the URL
 * without one. Previous shows only where the list has a cursor back (searches do; some lists go forward only,
 * and pass none): a list that goes back says `null` when there is no page before.
 *
 * A page with several paged lists gives each its own query parameter (`param`, "cursor" unless named) and
 * its own `label`: each pager moves its own list and keeps the others' pages as they are.
 */
export function Pager({
  nextCursor,
  prevCursor,
  param = "cursor",
  label = "Pages",
}: {
  nextCursor: string | null;
  prevCursor?: string | null;
  param?: string;
  label?: string;
}) {
  const { pathname, search } = useLocation();
  // The new page opens at its top: focus goes there too (the results' heading), not left on the pager below.
  const paged = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page reached (search), reading the DOM
  useEffect(() => {
    if (!paged.current) return;
    paged.current = false;
    land(resultsHeading());
  }, [search]);
  // Not a click that opens the page in another tab or window: this one stays as it is.
  const page = (event: React.MouseEvent) => {
    paged.current = plainClick(event);
  };
  const params = new URLSearchParams(search);
  // Reached by a cursor but nothing before it and more after: the first page's results (an empty page reached
  // by a cursor, its laptops gone meanwhile, still offers the way to the first page).
  const onFirst = !params.has(param) || (prevCursor === null && nextCursor !== null);
  params.delete(param);
  const first = `${pathname}${params.size ? `?${params}` : ""}`;
  const at = (cursor: string) => {
    const withCursor = new URLSearchParams(params);
    withCursor.set(param, cursor);
    return `${pathname}?${withCursor}`;
  };
  if (onFirst && !nextCursor) return null;
  return (
    <nav aria-label={label} className="mt-8 flex flex-wrap justify-center gap-3">
      {!onFirst && (
        <Link to={first} onClick={page} className="btn">
          « First page
        </Link>
      )}
      {prevCursor && (
        <Link to={at(prevCursor)} onClick={page} className="btn">
          ‹ Previous page
        </Link>
      )}
      {nextCursor && (
        <Link to={at(nextCursor)} onClick={page} className="btn btn-primary">
          Next page »
        </Link>
      )}
    </nav>
  );
}

/**
 * A page of a keyset list (app/lib/keyset-page.server.ts): its rows, or what the list says while it has none,
 * then its Pager. `focus` (useListFocus) moves focus to the row that takes the place of one that goes.
 */
export function PagedList<T>({
  page: { items, next },
  empty,
  className = "flex flex-col gap-3",
  pagerLabel,
  focus,
  children,
}: {
  /** The page the loader read: its rows and the cursor of the next page (null on the last). */
  page: { items: T[]; next: string | null };
  empty: React.ReactNode;
  className?: string;
  pagerLabel?: string;
  focus?: { ref: React.Ref<HTMLUListElement>; onFocus: React.FocusEventHandler<HTMLUListElement> };
  children: (item: T) => React.ReactNode;
}) {
  return (
    <>
      {items.length === 0 ? (
        empty
      ) : (
        <ul ref={focus?.ref} onFocus={focus?.onFocus} className={className}>
          {items.map(children)}
        </ul>
      )}
      <Pager nextCursor={next} label={pagerLabel} />
    </>
  );
}
