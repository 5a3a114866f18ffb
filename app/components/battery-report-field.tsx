import { BATTERY_REPORT_LIMITS, type BatteryReport } from "../../schemas/battery-report.ts";
import { batteryVerifiedText, reportDayText } from "../../schemas/spec-line.ts";
import { FileField } from "./form-field.tsx";
import { RemoveBox } from "./remove-box.tsx";

/**
 * "Battery report (optional)": the report the laptop writes of its own battery, sent with the form and read on
 * the server (core/catalogue/battery-report.ts) — only its figures are kept. Editing, the form says what the
 * advert has, which a new report replaces or the checkbox removes.
 */
export function BatteryReportField({ current, error }: { current: BatteryReport | null; error?: string }) {
  return (
    <div className="flex flex-col gap-2 md:col-span-3">
      <FileField
        label="Battery report (optional)"
        name="batteryReport"
        accept={BATTERY_REPORT_LIMITS.accept.join(",")}
        error={error}
        hint="Buyers see “Battery verified” with its figures. Windows: run “powercfg /batteryreport” and upload battery-report.html. Mac: “system_profiler SPPowerDataType > battery.txt” or “ioreg -r -c AppleSmartBattery > battery.txt”. Linux: “upower -i $(upower -e | grep BAT) > battery.txt”. At most 2 MB and 30 days old."
      />
      {current && (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
          <span>
            Now: {batteryVerifiedText(current.percent, current.cycles)}, report {current.dated ? "of" : "uploaded"}{" "}
            {reportDayText(current.reportedAt)}
          </span>
          <RemoveBox name="removeBatteryReport" label="Remove the battery report" />
        </div>
      )}
    </div>
  );
}
