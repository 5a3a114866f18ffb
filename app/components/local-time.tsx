import { type DatePart, formatWhen, relativeWhen } from "../lib/time-zone.ts";
import { useHydrated } from "../lib/use-hydrated.ts";
import { useTimeZone } from "../lib/use-time-zone.ts";

/**
 * When something happened, in the reader's time zone (app/lib/time-zone.ts): the date and time, the day or
 * the month (`part`). A moment of the last week reads as people say it ("3 hours ago"), the date as its title —
 * once the page has hydrated, so that the server's text and the first render in the browser are the same
 * (they are minutes apart at most, which would change "3 minutes ago"). Without JavaScript: the date.
 */
export function LocalTime({ iso, part = "time", className }: { iso: string; part?: DatePart; className?: string }) {
  const zone = useTimeZone();
  const hydrated = useHydrated();
  const absolute = formatWhen(iso, zone, part);
  const ago = hydrated && part === "time" ? relativeWhen(iso, Date.now()) : null;
  return (
    <time dateTime={iso} title={ago ? absolute : undefined} className={className}>
      {ago ?? absolute}
    </time>
  );
}
