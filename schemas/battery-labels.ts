/*
 * A battery report's formats and the tools that write them, without zod (schemas/battery-report.ts has the
 * limits and the refusals): a laptop's page names the tool, and a public page must not carry the validation
 * library (tests/e2e/budget.spec.ts).
 */

export const BATTERY_REPORT_FORMATS = ["windows", "macos", "ioreg", "upower"] as const;
export type BatteryReportFormat = (typeof BATTERY_REPORT_FORMATS)[number];

/** The tool that wrote each format, as the laptop's page names it. */
export const BATTERY_REPORT_TOOLS: Record<BatteryReportFormat, string> = {
  windows: "Windows battery report (powercfg)",
  macos: "macOS System Information",
  ioreg: "macOS ioreg",
  upower: "Linux upower",
};
