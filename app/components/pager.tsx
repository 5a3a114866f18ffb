import { Link, useLocation } from "react-router";

/** Keyset pages: "Next page" carries the cursor in the URL; the first page is the URL without it. */
export function Pager({ nextCursor }: { nextCursor: string | null }) {
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  const onFirst = !params.has("cursor");
  params.delete("cursor");
  const first = `${pathname}${params.size ? `?${params}` : ""}`;
  if (nextCursor) params.set("cursor", nextCursor);
  if (onFirst && !nextCursor) return null;
  return (
    <nav aria-label="Pages" className="mt-8 flex justify-center gap-3">
      {!onFirst && (
        <Link to={first} className="btn">
          « First page
        </Link>
      )}
      {nextCursor && (
        <Link to={`${pathname}?${params}`} className="btn btn-primary">
          Next page »
        </Link>
      )}
    </nav>
  );
}
