import { useLayoutEffect, useState } from "react";
import { Link, useRouteLoaderData } from "react-router";
import { lastLiveData, liveStreamDown, useLiveEvent, useLiveStreamDown } from "../lib/live-events.ts";

/**
 * A top-bar link with a count (the bell, Messages): the count from the page's loader until the tab's event
 * stream (app/lib/live-events.ts) has given one, then the stream's. Its accessible name carries the count.
 *
 * Once the stream has spoken it wins over the loaders: it reads the count again after every change, one read
 * after another (db/listen.ts), so its last word is read after the last change. A loader's count can be read
 * just before a change and arrive just after the stream's word on it, and would put an older count back.
 * While the stream is down (retrying) its last word may be overtaken: a count the loaders read since then
 * (after "Mark all as read", say) is newer, and is shown until the stream is back and speaks again.
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
  const [live, setLive] = useState<number>();
  // What the stream said before this link was shown (a page reached later, or this link hydrated late — it is
  // loaded on its own): after hydration, since the server rendered the loader's count.
  // Not once it broke: the loader's count may be newer than its last word.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per event (countOf is made anew each render)
  useLayoutEffect(() => {
    const data = lastLiveData(event);
    if (data !== undefined && !liveStreamDown()) setLive(countOf(data));
  }, [event]);
  // A link shown after the stream broke (a page reached later, or hydrated late) starts knowing it.
  const [down, setDown] = useState(liveStreamDown);
  useLiveEvent(event, (data) => {
    setDown(false);
    setLive(countOf(data));
  });
  useLiveStreamDown(() => setDown(true));
  // The loaders read again (the root's data is a new object, whether or not the count changed) while the
  // stream is down: their count is newer than the stream's last word.
  // (Read by its id, not through root.tsx: the top bar's module would import the root that imports it.)
  const root = useRouteLoaderData("root");
  const [loaded, setLoaded] = useState(root);
  if (root !== loaded) {
    setLoaded(root);
    if (down) setLive(undefined);
  }
  const count = live ?? rendered;
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
