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

/** One format per zone, under the zone's own name ("asia/dhaka" is "Asia/Dhaka"): a few hundred at most. */
const formats = new Map<string, Intl.DateTimeFormat>();
/** The format for a zone, or null for a string that names none (a cookie is anybody's to write). */
function formatIn(zone: string): Intl.DateTimeFormat | null {
  const known = formats.get(zone);
  if (known) return known;
  if (zone.length > 64) return null;
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: zone });
  } catch {
    return null; // RangeError: not a time zone
  }
  const name = format.resolvedOptions().timeZone;
  if (!formats.has(name)) formats.set(name, format);
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

/** "Nov 28, 2026, 9:38 AM" in the reader's zone; "… UTC" when the zone is not known. */
export function formatWhen(iso: string, zone: string): string {
  const format = formatIn(zone) ?? (formatIn(FALLBACK_TIME_ZONE) as Intl.DateTimeFormat);
  const text = format.format(new Date(iso));
  return UTC_NAMES.has(format.resolvedOptions().timeZone) ? `${text} UTC` : text;
}

/**
 * Forgotten by the first page served to someone not signed in (after Logout, or a session that ended): a
 * visitor's requests carry no cookie, so the visitors' cache can answer them.
 */
export const FORGET_TIME_ZONE = `${TIME_ZONE_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
