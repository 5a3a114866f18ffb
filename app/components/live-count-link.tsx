import { useEffect, useState } from "react";
import { Link } from "react-router";
import { useLiveEvent } from "../lib/live-events.ts";

/**
 * A top-bar link with a count (the bell, Messages): the count from the page's loader, then live from the
 * tab's event stream (app/lib/live-events.ts). Its accessible name carries the count.
 */
export function LiveCountLink({
  to,
  rendered,
  event,
  countOf,
  label,
  icon,
}: {
  to: string;
  rendered: number;
  event: string;
  countOf: (data: string) => number;
  label: (count: number) => string;
  /** The SVG path of a 24×24 outline icon. */
  icon: string;
}) {
  const [count, setCount] = useState(rendered);
  // A loader that ran again (after marking all read, say) knows the count too.
  useEffect(() => setCount(rendered), [rendered]);
  useLiveEvent(event, (data) => setCount(countOf(data)));
  return (
    <Link to={to} aria-label={label(count)} className="btn btn-ghost btn-circle btn-sm sm:btn-md relative">
      <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor">
        <path d={icon} strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {count > 0 && (
        <span className="badge badge-sm badge-primary absolute -top-1 -right-1 px-1.5" aria-hidden="true">
          {count > 99 ? "99+" : count}
        </span>
      )}
    </Link>
  );
}
