import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseBatteryReport, reportText } from "../../core/catalogue/battery-report.ts";
import { isAppError } from "../../core/errors.ts";
import { BATTERY_REPORT_MESSAGES as M } from "../../schemas/battery-report.ts";
import { batteryVerifiedText, reportDayText } from "../../schemas/spec-line.ts";

/** Fixtures written from each tool's documented output (tests/fixtures/battery-reports). */
const fixture = (name: string) => readFileSync(new URL(`../fixtures/battery-reports/${name}`, import.meta.url), "utf8");
const NOW = new Date("2026-12-02T12:00:00Z");

/** The refusal's message on the form's field, or the figures when it was not refused. */
function refusal(text: string, now = NOW) {
  try {
    parseBatteryReport(text, now);
  } catch (error) {
    if (isAppError(error)) return error.fields?.batteryReport;
    throw error;
  }
  return "accepted";
}

describe("battery reports, each format", () => {
  it("reads Windows' powercfg /batteryreport (HTML): capacities, cycles, the machine and the report's time", () => {
    expect(parseBatteryReport(fixture("windows-battery-report.html"), NOW)).toEqual({
      format: "windows",
      percent: 87,
      cycles: 312,
      designCapacity: 51008,
      fullCapacity: 44377,
      unit: "mWh",
      model: "Dell Inc. XPS 13 9315",
      reportedAt: "2026-11-28T00:00:00.000Z",
      dated: true,
    });
  });

  it("reads newer macOS system_profiler's Maximum Capacity, dated by the upload (it has no date)", () => {
    expect(parseBatteryReport(fixture("macos-system-profiler.txt"), NOW)).toMatchObject({
      format: "macos",
      percent: 87,
      cycles: 312,
      reportedAt: NOW.toISOString(),
      dated: false,
    });
  });

  it("refuses older macOS system_profiler output, which gives no design capacity, and says to use ioreg", () => {
    expect(refusal(fixture("macos-system-profiler-older.txt"))).toBe(M.noDesignCapacity);
  });

  it("reads ioreg's AppleSmartBattery: the raw capacity in mAh, not Apple silicon's MaxCapacity percent", () => {
    expect(parseBatteryReport(fixture("macos-ioreg.txt"), NOW)).toMatchObject({
      format: "ioreg",
      percent: 86,
      cycles: 312,
      designCapacity: 5103,
      fullCapacity: 4382,
      unit: "mAh",
      dated: false,
    });
  });

  it("reads an Intel Mac's ioreg, whose MaxCapacity is in mAh", () => {
    const intel = fixture("macos-ioreg.txt")
      .replace(/^.*AppleRawMaxCapacity.*\n/m, "")
      .replace('"MaxCapacity" = 100', '"MaxCapacity" = 4500');
    expect(parseBatteryReport(intel, NOW)).toMatchObject({ percent: 88, fullCapacity: 4500 });
  });

  it("reads Linux upower -i: energies in Wh kept as mWh, the battery's vendor and model, and updated:", () => {
    expect(parseBatteryReport(fixture("linux-upower.txt"), NOW)).toEqual({
      format: "upower",
      percent: 87,
      cycles: 312,
      designCapacity: 57000,
      fullCapacity: 49630,
      unit: "mWh",
      model: "SMP 5B10W13975",
      reportedAt: "2026-11-28T00:00:00.000Z",
      dated: true,
    });
  });

  it("takes upower's charge-cycles: N/A as no count, and a locale's decimal comma and date", () => {
    const german = fixture("linux-upower.txt")
      .replace("charge-cycles:       312", "charge-cycles:       N/A")
      .replace("49.63 Wh", "49,63 Wh")
      .replace("Sat 28 Nov 2026 10:15:32 AM UTC", "Sa 28 Nov 2026 10:15:32 CET");
    expect(parseBatteryReport(german, NOW)).toMatchObject({ percent: 87, cycles: null, fullCapacity: 49630 });
  });

  it("reads a Windows report saved as UTF-16 and with another locale's digit grouping", () => {
    const text = fixture("windows-battery-report.html").replaceAll("51,008", "51.008").replaceAll("44,377", "44 377");
    const utf16 = new Uint8Array([0xff, 0xfe, ...new Uint8Array(Buffer.from(text, "utf16le"))]);
    expect(parseBatteryReport(reportText(utf16), NOW)).toMatchObject({ percent: 87, designCapacity: 51008 });
  });

  it("shows a verified battery in the issue's words", () => {
    expect(batteryVerifiedText(87, 312)).toBe("Battery verified: 87 % · 312 cycles");
    expect(batteryVerifiedText(100, null)).toBe("Battery verified: 100 %");
    expect(reportDayText("2026-12-03T00:00:00.000Z")).toBe("3 Dec 2026");
  });
});

describe("battery reports, each refusal", () => {
  const upower = fixture("linux-upower.txt");
  const windows = fixture("windows-battery-report.html");

  it("refuses a file that is not one of these reports", () => {
    expect(refusal("Hello, this is my laptop. Battery is great!")).toBe(M.notReport);
    expect(refusal("<html><body><table><tr><td>Name</td><td>x</td></tr></table></body></html>")).toBe(M.notReport);
    expect(() => reportText(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]))).toThrow(M.notReport);
  });

  it("refuses an empty file and one over 2 MB", () => {
    expect(() => reportText(new Uint8Array())).toThrow(M.empty);
    expect(() => reportText(new Uint8Array(2 * 1024 * 1024 + 1).fill(0x20))).toThrow(M.tooLarge);
  });

  it("refuses a report older than 30 days, and one dated in the future", () => {
    expect(refusal(upower, new Date("2026-12-28T12:00:00Z"))).toBe("accepted");
    expect(refusal(upower, new Date("2027-01-02T12:00:00Z"))).toBe(M.tooOld);
    expect(refusal(windows, new Date("2026-11-20T12:00:00Z"))).toBe(M.fromTheFuture);
  });

  it("refuses a report whose date cannot be read", () => {
    expect(refusal(upower.replace("Sat 28 Nov 2026 10:15:32 AM UTC", "soon"))).toBe(M.noDate);
  });

  it("refuses a full charge above 110% of design", () => {
    expect(refusal(upower.replace("49.63 Wh", "63 Wh"))).toBe(M.aboveDesign);
    // Up to 110% is a new battery's reading: shown as 100.
    expect(parseBatteryReport(upower.replace("49.63 Wh", "60 Wh"), NOW).percent).toBe(100);
  });

  it("refuses zero or negative capacities", () => {
    expect(refusal(upower.replace("57 Wh", "0 Wh"))).toBe(M.impossibleCapacity);
    expect(refusal(windows.replaceAll("44,377 mWh", "-44,377 mWh"))).toBe(M.impossibleCapacity);
    expect(refusal(fixture("macos-system-profiler.txt").replace("87%", "0%"))).toBe(M.impossibleCapacity);
  });

  it("refuses a cycle count over 5,000", () => {
    expect(refusal(upower.replace("312", "5001"))).toBe(M.tooManyCycles);
    expect(refusal(upower.replace("312", "5000"))).toBe("accepted");
  });
});

describe("a hostile report", () => {
  it("keeps the model's text inert and short: tags are text, control characters gone", () => {
    const text = fixture("linux-upower.txt").replace(
      "5B10W13975",
      `<img src=x onerror=alert(1)>\u0007${"x".repeat(300)}`,
    );
    const model = parseBatteryReport(text, NOW).model ?? "";
    expect(model.startsWith("SMP <img src=x onerror=alert(1)> x")).toBe(true);
    expect(model.length).toBeLessThanOrEqual(120);
  });

  it("reads 2 MB of unclosed tags and lines without slowing to a crawl (linear scans)", () => {
    const start = performance.now();
    for (const filler of ["<tr><td>", "<", "\n", "a: "]) {
      const text = `<html><table>${filler.repeat(Math.floor((2 * 1024 * 1024 - 20) / filler.length))}`;
      expect(refusal(text)).toBe(M.notReport);
    }
    // Generous (a quadratic scan takes minutes); the < 50 ms budget is measured in bench/battery-report.ts.
    expect(performance.now() - start).toBeLessThan(10_000);
  });
});
