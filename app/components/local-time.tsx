import { formatWhen } from "../lib/time-zone.ts";
import { useTimeZone } from "../lib/use-time-zone.ts";

/** When something happened, in the reader's time zone (app/lib/time-zone.ts). */
export function LocalTime({ iso, className }: { iso: string; className?: string }) {
  const zone = useTimeZone();
  return (
    <time dateTime={iso} className={className}>
      {formatWhen(iso, zone)}
    </time>
  );
}
