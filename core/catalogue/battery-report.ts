import {
  type BatteryReport,
  BATTERY_REPORT_LIMITS as LIMITS,
  BATTERY_REPORT_MESSAGES as M,
} from "../../schemas/battery-report.ts";
import { AppError } from "../errors.ts";
import { type RawFigures, READERS } from "./battery-report-formats.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** A refused report: a 400 naming the form's field, in the words of schemas/battery-report.ts. */
const refused = (message: string) => new AppError("VALIDATION_FAILED", message, { batteryReport: message });

/**
 * The report's bytes as text: UTF-8, or UTF-16 (what Windows PowerShell's `>` writes). A file with NUL bytes
 * left after decoding is not text, so not a report.
 */
export function reportText(bytes: Uint8Array): string {
  if (bytes.length === 0) throw refused(M.empty);
  if (bytes.length > LIMITS.maxBytes) throw refused(M.tooLarge);
  const utf16 =
    bytes[0] === 0xff && bytes[1] === 0xfe ? "utf-16le" : bytes[0] === 0xfe && bytes[1] === 0xff ? "utf-16be" : null;
  const text = new TextDecoder(utf16 ?? "utf-8").decode(bytes);
  if (text.includes("\u0000")) throw refused(M.notReport);
  return text;
}

/**
 * Reads a battery report (its text) into the figures an advert keeps, or refuses it with the reason. `now`
 * is the upload's time: a report older than 30 days is refused, and macOS reports, which carry no date of
 * their own, are dated by it (`dated: false`; see docs/decisions/0018-battery-reports-read-with-the-form.md).
 */
export function parseBatteryReport(text: string, now = new Date()): BatteryReport {
  if (text.length > LIMITS.maxBytes) throw refused(M.tooLarge);
  let raw: RawFigures | undefined;
  for (const read of READERS) {
    raw = read(text);
    if (raw) break;
  }
  if (!raw) throw refused(M.notReport);
  return checked(raw, now);
}

/** The figures that can be real, and a recent enough date; the percent worked out from the capacities. */
function checked(raw: RawFigures, now: Date): BatteryReport {
  const { designCapacity: design, fullCapacity: full } = raw;
  let percent = raw.percent;
  if (percent === null) {
    if (design === null && full === null) throw refused(raw.format === "macos" ? M.noDesignCapacity : M.notReport);
    if (design === null) throw refused(M.noDesignCapacity);
    if (full === null || design <= 0 || full <= 0) throw refused(M.impossibleCapacity);
    percent = (full / design) * 100;
  } else if (percent <= 0) {
    throw refused(M.impossibleCapacity);
  }
  if (percent > LIMITS.maxPercentOfDesign) throw refused(M.aboveDesign);
  if (raw.cycles !== null && (raw.cycles < 0 || raw.cycles > LIMITS.maxCycles)) throw refused(M.tooManyCycles);

  if (raw.reportedAt === null) throw refused(M.noDate);
  const reportedAt = raw.reportedAt ?? now;
  // Reports give their date in the laptop's own time zone: a day's leeway either way.
  if (reportedAt.getTime() > now.getTime() + DAY_MS) throw refused(M.fromTheFuture);
  if (now.getTime() - reportedAt.getTime() > (LIMITS.maxAgeDays + 1) * DAY_MS) throw refused(M.tooOld);

  return {
    format: raw.format,
    // A new battery may read a little above design: shown, and filtered, as 100.
    percent: Math.min(100, Math.round(percent)),
    cycles: raw.cycles,
    designCapacity: design,
    fullCapacity: full,
    unit: raw.unit,
    model: raw.model,
    reportedAt: reportedAt.toISOString(),
    dated: raw.reportedAt !== undefined,
  };
}

/** The form's file, read and parsed (its size was checked by the form's schema, and is again here). */
export async function readBatteryReport(file: File, now = new Date()): Promise<BatteryReport> {
  if (file.size > LIMITS.maxBytes) throw refused(M.tooLarge);
  return parseBatteryReport(reportText(new Uint8Array(await file.arrayBuffer())), now);
}

/**
 * What the advert form's battery report writes to the advert's row: a new report's figures, none when the
 * seller removed it, and nothing (the report kept) when the form neither adds nor removes one.
 */
export async function batteryColumns(input: { batteryReport?: File; removeBatteryReport: boolean }) {
  if (input.batteryReport) {
    const report = await readBatteryReport(input.batteryReport);
    return { batteryVerified: report.percent, batteryCycles: report.cycles, batteryReport: report };
  }
  return input.removeBatteryReport ? { batteryVerified: null, batteryCycles: null, batteryReport: null } : {};
}
