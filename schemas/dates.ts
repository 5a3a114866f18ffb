/**
 * Dates written by the server into messages and emails, where the reader's time zone is unknown: in UTC,
 * said so. (Pages show times in the reader's own zone: app/lib/time-zone.ts.)
 */
const dayFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });
const dateTimeFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" });

/** "December 3, 2026". */
export const formatDay = (at: Date | string) => dayFormat.format(new Date(at));

/** "December 3, 2026 at 2:05 PM UTC". */
export const formatDateTime = (at: Date | string) => `${dateTimeFormat.format(new Date(at))} UTC`;
