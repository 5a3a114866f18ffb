import { z } from "zod";
import { BATTERY_REPORT_FORMATS } from "./battery-labels.ts";

export { BATTERY_REPORT_FORMATS, BATTERY_REPORT_TOOLS, type BatteryReportFormat } from "./battery-labels.ts";

/**
 * A battery report: the text a laptop writes about its own battery, uploaded by its seller with the advert
 * form (`batteryReport`) and parsed on the server (core/catalogue/battery-report). It is never stored nor
 * shown: only the figures below are kept. Limits and the words for each refusal are said once, here, for the
 * server and the form.
 */
export const BATTERY_REPORT_LIMITS = {
  /** powercfg's HTML report is 100–400 kB with a long usage history; 2 MB is well above any real one. */
  maxBytes: 2 * 1024 * 1024,
  /** A report older than this says little of the battery sold now. */
  maxAgeDays: 30,
  /** A new battery may read a little above its design capacity; more is not a real reading. */
  maxPercentOfDesign: 110,
  maxCycles: 5000,
  /** What the form's file dialog offers; the server decides by the text, never by the name or type. */
  accept: [".html", ".htm", ".txt", ".log", "text/html", "text/plain"],
} as const;

export const BATTERY_REPORT_MESSAGES = {
  tooLarge: "The battery report is larger than 2 MB.",
  empty: "The battery report file is empty.",
  notReport:
    "This file is not a battery report we can read. Upload the report your laptop writes: Windows “powercfg /batteryreport” (HTML), macOS “system_profiler SPPowerDataType” or “ioreg -r -c AppleSmartBattery”, or Linux “upower -i” output.",
  noDesignCapacity:
    "This report does not give the battery's capacity when new, so its health cannot be worked out. On a Mac, upload “ioreg -r -c AppleSmartBattery” output instead.",
  noDate: "The report's date could not be read. Write a new report and upload it as it is.",
  tooOld: "This battery report is more than 30 days old. Write a new one and upload it.",
  fromTheFuture: "This battery report is dated in the future. Check your laptop's clock and write a new report.",
  impossibleCapacity: "This report's capacities cannot be real (zero or negative). Write a new report and upload it.",
  aboveDesign:
    "This report says the battery holds more than 110% of its design capacity, which cannot be real. Write a new report and upload it.",
  tooManyCycles: "This report's cycle count (over 5,000) cannot be real. Write a new report and upload it.",
} as const;

/** The figures read from a report: all that is kept of it. Capacities in the report's unit (mWh or mAh). */
export const batteryReportSchema = z
  .object({
    format: z.enum(BATTERY_REPORT_FORMATS),
    /** Full-charge capacity as a percent of design (0–100: a reading above design shows as 100). */
    percent: z.int(),
    cycles: z.int().nullable().meta({ description: "Charge cycles; null when the report does not count them" }),
    designCapacity: z.int().nullable(),
    fullCapacity: z.int().nullable(),
    unit: z.enum(["mWh", "mAh"]).nullable(),
    model: z.string().nullable().meta({ description: "The machine's (or battery's) name, when the report gives it" }),
    reportedAt: z.iso.datetime().meta({ description: "When the report was written (or uploaded: see `dated`)" }),
    dated: z.boolean().meta({
      description: "The report gives its own date; false: macOS reports carry none, so reportedAt is the upload's",
    }),
  })
  .meta({ id: "BatteryReport" });
export type BatteryReport = z.infer<typeof batteryReportSchema>;

/** The form's file: only its size is checked here (what it says is read by the server, core/catalogue). */
export const batteryReportField = z
  .unknown()
  .optional()
  .transform((v, ctx) => {
    if (!(typeof File !== "undefined" && v instanceof File) || (v.size === 0 && v.name === "")) return undefined;
    if (v.size === 0) ctx.addIssue({ code: "custom", message: BATTERY_REPORT_MESSAGES.empty });
    if (v.size > BATTERY_REPORT_LIMITS.maxBytes)
      ctx.addIssue({ code: "custom", message: BATTERY_REPORT_MESSAGES.tooLarge });
    return v;
  });
