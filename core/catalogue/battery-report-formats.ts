import type { BatteryReportFormat } from "../../schemas/battery-report.ts";

/**
 * What each tool's output says, read as text: never rendered, never run. Each reader returns undefined
 * when the text is not its format, and otherwise the raw figures (checked in parse.ts). Numbers are read
 * whatever the locale's digit grouping ("57,020 mWh", "57 020 mWh", "57.020 mWh").
 */
export interface RawFigures {
  format: BatteryReportFormat;
  designCapacity: number | null;
  fullCapacity: number | null;
  /** A percent the tool worked out itself (newer macOS gives only this). */
  percent: number | null;
  cycles: number | null;
  unit: "mWh" | "mAh" | null;
  model: string | null;
  /** undefined: the format has no date (macOS); null: it has one that could not be read. */
  reportedAt: Date | null | undefined;
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/** A whole number with any digit grouping: "57,020" → 57020; "-" or "N/A" → null. */
const wholeNumber = (text: string | undefined) => {
  const m = text?.match(/-?\d[\d,.\s\u00a0\u202f']*/);
  if (!m) return null;
  const n = Number(m[0].replace(/[^\d-]/g, ""));
  return Number.isFinite(n) ? n : null;
};
/** A decimal with "." or "," as its point ("49.63 Wh", "49,63 Wh"). */
const decimal = (text: string | undefined) => {
  const m = text?.match(/-?\d+(?:[.,]\d+)?/);
  return m ? Number(m[0].replace(",", ".")) : null;
};
/** Text kept from a report (a model's name): one line, no control characters, at most 120 characters. */
const inert = (text: string | undefined) => {
  const t = [...(text ?? "")]
    .map((c) => (c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127 ? " " : c))
    .join("")
    .replace(/\s+/g, " ")
    .trim();
  return t ? t.slice(0, 120) : null;
};

/** A date as the tools write it: "2026-11-28 09:14:02", "Wed 02 Dec 2026 10:15:32 AM UTC", "Tue Dec  1 10:00:00 2026". */
export function readDate(text: string | undefined): Date | null {
  if (!text) return null;
  const iso = text.match(/(\d{4})-(\d{1,2})-(\d{1,2})/);
  if (iso) return utc(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const dayFirst = text.match(/\b(\d{1,2})\.?\s+([A-Za-z]{3})[A-Za-z]*\.?\s+(\d{4})\b/);
  if (dayFirst)
    return utc(Number(dayFirst[3]), MONTHS.indexOf((dayFirst[2] ?? "").toLowerCase()) + 1, Number(dayFirst[1]));
  const monthFirst = text.match(
    /\b([A-Za-z]{3})[A-Za-z]*\s+(\d{1,2}),?\s+(?:[\d:]+\s+)?(?:[AP]M\s+)?(?:[A-Z]{2,5}\s+)?(\d{4})\b/,
  );
  if (monthFirst) {
    return utc(Number(monthFirst[3]), MONTHS.indexOf((monthFirst[1] ?? "").toLowerCase()) + 1, Number(monthFirst[2]));
  }
  return null;
}
const utc = (year: number, month: number, day: number) => {
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCDate() === day ? d : null;
};

/* ── Windows: powercfg /batteryreport writes an HTML page ──────────────────── */

const decodeEntities = (s: string) =>
  s
    .replace(/&nbsp;/gi, " ")
    .replace(/&#(\d+);/g, (_, n) => String.fromCodePoint(Math.min(Number(n), 0x10ffff)))
    .replace(/&lt;/gi, "<")
    .replace(/&gt;/gi, ">")
    .replace(/&quot;/gi, '"')
    .replace(/&amp;/gi, "&");

/**
 * The report's label/value rows (`<tr><td><span class="label">DESIGN CAPACITY</span></td><td>57,020 mWh</td></tr>`)
 * as a map, first row of a label winning (the installed battery comes before the history tables). Rows are
 * found by splitting the text, not by a DOM: nothing in the page is run, fetched or kept.
 */
function labelledRows(html: string, wanted: readonly string[]) {
  // Read until every `wanted` label is found (or the text ends).
  const rows = new Map<string, string>();
  for (const row of tableRows(html)) {
    const cells = row
      .split(/<t[dh]\b/i)
      .slice(1)
      .map((cell) =>
        decodeEntities(cell.replace(/^[^>]*>/, "").replace(/<[^>]*>/g, " "))
          .replace(/\s+/g, " ")
          .trim(),
      );
    const [label, value] = cells;
    if (cells.length === 2 && label && value !== undefined) {
      const key = label.toUpperCase();
      if (!rows.has(key)) rows.set(key, value);
    }
    if (wanted.every((k) => rows.has(k))) break;
  }
  return rows;
}

/**
 * The table rows of an HTML text, one at a time: each from its "<tr" to its end (or the next row's start),
 * at most 8 KB (a real row is a few hundred characters, so an unclosed one cannot make a scan long). Found by
 * searching forward, never by a regular expression spanning rows: linear on any input.
 */
function* tableRows(html: string) {
  const open = /<tr\b/gi;
  let at = open.exec(html);
  while (at) {
    const start = at.index + at[0].length;
    const next = open.exec(html);
    const chunk = html.slice(start, Math.min(next ? next.index : html.length, start + 8192));
    const end = chunk.search(/<\/tr\s*>|<\/table\s*>/i);
    yield end < 0 ? chunk : chunk.slice(0, end);
    at = next;
  }
}

/**
 * Where a Windows report's reading can stop: the installed battery's rows, whose table follows the system's
 * (product name, report time); the usage history after them is most of a report's size.
 */
const WINDOWS_BATTERY_ROWS = ["DESIGN CAPACITY", "FULL CHARGE CAPACITY", "CYCLE COUNT"] as const;

export function readWindows(text: string): RawFigures | undefined {
  if (!/<html\b|<table\b/i.test(text) || !/DESIGN CAPACITY/i.test(text)) return undefined;
  const rows = labelledRows(text, WINDOWS_BATTERY_ROWS);
  if (!rows.has("DESIGN CAPACITY") || !rows.has("FULL CHARGE CAPACITY")) return undefined;
  const model = [rows.get("SYSTEM MANUFACTURER"), rows.get("SYSTEM PRODUCT NAME")].filter(Boolean).join(" ");
  return {
    format: "windows",
    designCapacity: wholeNumber(rows.get("DESIGN CAPACITY")),
    fullCapacity: wholeNumber(rows.get("FULL CHARGE CAPACITY")),
    percent: null,
    cycles: wholeNumber(rows.get("CYCLE COUNT")),
    unit: /mAh/i.test(rows.get("DESIGN CAPACITY") ?? "") ? "mAh" : "mWh",
    model: inert(rows.get("SYSTEM PRODUCT NAME") ? model : undefined),
    reportedAt: readDate(rows.get("REPORT TIME")),
  };
}

/* ── Lines of "key: value" (system_profiler, upower) and "key" = value (ioreg) ── */

/** The first line's value for `key` ("Cycle Count: 312"), keys compared without case. */
function colonValue(text: string, key: string) {
  const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return text.match(new RegExp(`^[ \\t]*${escaped}[ \\t]*:[ \\t]*(.*)$`, "im"))?.[1]?.trim();
}

/** macOS `system_profiler SPPowerDataType`: newer macOS says "Maximum Capacity: 87%", older "Full Charge Capacity (mAh)". */
export function readSystemProfiler(text: string): RawFigures | undefined {
  if (!/^[ \t]*Battery Information:[ \t]*$/im.test(text) && !/^[ \t]*Health Information:[ \t]*$/im.test(text))
    return undefined;
  const maximum = colonValue(text, "Maximum Capacity");
  return {
    format: "macos",
    designCapacity: null,
    fullCapacity: wholeNumber(colonValue(text, "Full Charge Capacity (mAh)")),
    percent: maximum?.includes("%") ? wholeNumber(maximum) : null,
    cycles: wholeNumber(colonValue(text, "Cycle Count")),
    unit: "mAh",
    model: null,
    reportedAt: undefined,
  };
}

/** The value of a top-level `"Key" = 123` line of ioreg's output (nested dictionaries' keys sit mid-line). */
const ioregNumber = (text: string, key: string) =>
  wholeNumber(text.match(new RegExp(`^[ \\t|]*"${key}" = (-?\\d+)[ \\t]*$`, "m"))?.[1]);
const ioregText = (text: string, key: string) => text.match(new RegExp(`^[ \\t|]*"${key}" = "([^"\\n]*)"`, "m"))?.[1];

/**
 * macOS `ioreg -r -c AppleSmartBattery`: on Apple silicon "MaxCapacity" is a percent and the capacity in mAh is
 * "AppleRawMaxCapacity"; on Intel Macs "MaxCapacity" is in mAh.
 */
export function readIoreg(text: string): RawFigures | undefined {
  if (!/AppleSmartBattery/.test(text) && !/^[ \t|]*"DesignCapacity" = /m.test(text)) return undefined;
  const raw = ioregNumber(text, "AppleRawMaxCapacity");
  return {
    format: "ioreg",
    designCapacity: ioregNumber(text, "DesignCapacity"),
    fullCapacity: raw ?? ioregNumber(text, "MaxCapacity"),
    percent: null,
    cycles: ioregNumber(text, "CycleCount"),
    unit: "mAh",
    model: inert(ioregText(text, "DeviceName")),
    reportedAt: undefined,
  };
}

/** Linux `upower -i …battery_BAT0`: energies in Wh (kept as mWh), "charge-cycles" may be "N/A". */
export function readUpower(text: string): RawFigures | undefined {
  if (!/^[ \t]*energy-full-design:/im.test(text)) return undefined;
  const mWh = (key: string) => {
    const wh = decimal(colonValue(text, key));
    return wh === null ? null : Math.round(wh * 1000);
  };
  const model = [colonValue(text, "vendor"), colonValue(text, "model")].filter(Boolean).join(" ");
  return {
    format: "upower",
    designCapacity: mWh("energy-full-design"),
    fullCapacity: mWh("energy-full"),
    percent: null,
    cycles: wholeNumber(colonValue(text, "charge-cycles")),
    unit: "mWh",
    model: inert(model || undefined),
    reportedAt: readDate(colonValue(text, "updated")),
  };
}

/** The readers, most particular first (an ioreg dump may quote system_profiler's words, never the reverse). */
export const READERS = [readWindows, readIoreg, readSystemProfiler, readUpower];
