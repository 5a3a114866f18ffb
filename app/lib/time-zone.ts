import { readCookie } from "./cookies.ts";

/**
 * The reader's time zone, for the times of messages and notifications. The browser knows it; the server
 * learns it from a cookie the browser sets once someone is signed in (visitors' pages carry no time and stay
 * free of cookies, which the visitors' cache needs). Without it — the first page after signing in, or no
 * JavaScript — times are shown in UTC and say so.
 */
export const TIME_ZONE_COOKIE = "relaptop_tz";
export const FALLBACK_TIME_ZONE = "UTC";
/** The browser's own zone (in the browser; the server's on the server). */
export const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
/** UTC by its names (an engine may keep the name it was given), said as "UTC" after the time. */
const UTC_NAMES = new Set(["UTC", "Etc/UTC", "Etc/GMT", "GMT", "Etc/UCT", "UCT", "Etc/Universal", "Etc/Zulu"]);

/** How much of a moment a page writes: the date and time, the day, or the month. */
export type DatePart = "time" | "day" | "month";
const STYLES: Record<DatePart, Intl.DateTimeFormatOptions> = {
  time: { dateStyle: "medium", timeStyle: "short" },
  day: { dateStyle: "medium" },
  month: { month: "long", year: "numeric" },
};

/** One format per zone and part, under the zone's own name ("asia/dhaka" is "Asia/Dhaka"): a few hundred at most. */
const formats = new Map<string, Intl.DateTimeFormat>();
/** The format for a zone, or null for a string that names none (a cookie is anybody's to write). */
function formatIn(zone: string, part: DatePart = "time"): Intl.DateTimeFormat | null {
  const known = formats.get(`${part} ${zone}`);
  if (known) return known;
  if (zone.length > 64) return null;
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat("en-US", { ...STYLES[part], timeZone: zone });
  } catch {
    return null; // RangeError: not a time zone
  }
  const key = `${part} ${format.resolvedOptions().timeZone}`;
  if (!formats.has(key)) formats.set(key, format);
  return format;
}

/** The zone the request's cookie names, if it is one. */
export function timeZoneOf(request: Request): string {
  const value = readCookie(request, TIME_ZONE_COOKIE);
  if (!value) return FALLBACK_TIME_ZONE;
  let zone: string;
  try {
    zone = decodeURIComponent(value);
  } catch {
    return FALLBACK_TIME_ZONE;
  }
  return formatIn(zone)?.resolvedOptions().timeZone ?? FALLBACK_TIME_ZONE;
}

/**
 * The one way pages write a moment, in the reader's zone: "Nov 28, 2026, 9:38 AM" ("… UTC" when the zone is
 * not known), "Nov 28, 2026" for a day, "November 2026" for a month (a day or a month says no zone).
 */
export function formatWhen(iso: string, zone: string, part: DatePart = "time"): string {
  const format = formatIn(zone, part) ?? (formatIn(FALLBACK_TIME_ZONE, part) as Intl.DateTimeFormat);
  const text = format.format(new Date(iso));
  return part === "time" && UTC_NAMES.has(format.resolvedOptions().timeZone) ? `${text} UTC` : text;
}

const relative = new Intl.RelativeTimeFormat("en-US", { numeric: "auto" });
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * "just now", "3 minutes ago", "5 hours ago", "yesterday", "3 days ago": a moment of the last week as people
 * say it; null for an older one or one still to come (a deadline), which is written as a date.
 */
export function relativeWhen(iso: string, now: number): string | null {
  const ago = now - new Date(iso).getTime();
  if (ago < 0 || ago >= 7 * DAY) return null;
  if (ago < MINUTE) return "just now";
  if (ago < HOUR) return relative.format(-Math.floor(ago / MINUTE), "minute");
  if (ago < DAY) return relative.format(-Math.floor(ago / HOUR), "hour");
  return relative.format(-Math.floor(ago / DAY), "day");
}

/**
 * Forgotten by the first page served to someone not signed in (after Logout, or a session that ended): a
 * visitor's requests carry no cookie, so the visitors' cache can answer them.
 */
export const FORGET_TIME_ZONE = `${TIME_ZONE_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
