/**
 * Battery reports: how long reading a 2 MB report takes (the target: < 50 ms), for each format —
 * `node bench/battery-report.ts [--rounds 20]`. Each report is a real-looking one padded to the 2 MB limit the
 * way that tool's output grows (powercfg's usage and capacity history rows, ioreg's and upower's extra lines),
 * plus a hostile one (2 MB of unclosed tags). Prints the median and the slowest round per report; no database.
 */
import { readFileSync } from "node:fs";
import { parseBatteryReport } from "../core/catalogue/index.ts";
import { argument } from "./processes.ts";

const ROUNDS = Number(argument("rounds", "20"));
const LIMIT = 2 * 1024 * 1024 - 1024;
const fixture = (name: string) =>
  readFileSync(new URL(`../tests/fixtures/battery-reports/${name}`, import.meta.url), "utf8");
const today = new Date();
const iso = today.toISOString().slice(0, 10);

/** `text` with `row` repeated before `at` until the whole is just under 2 MB. */
const padded = (text: string, at: string, row: string) => {
  const i = text.indexOf(at);
  return text.slice(0, i) + row.repeat(Math.floor((LIMIT - text.length) / row.length)) + text.slice(i);
};

const REPORTS: Record<string, string> = {
  windows: padded(
    fixture("windows-battery-report.html").replace("2026-11-28 ", `${iso} `),
    "</table>\n</body>",
    '<tr class="even  1"><td class="dateTime">2026-11-21 - 2026-11-28</td><td class="mw">44,377 mWh</td><td class="mw">51,008 mWh</td></tr>\n',
  ),
  ioreg: padded(fixture("macos-ioreg.txt"), "    }", '      "BatteryCellDisconnectCount" = 0\n'),
  upower: padded(
    fixture("linux-upower.txt").replace("Sat 28 Nov 2026 10:15:32 AM UTC", today.toUTCString()),
    "    1764324932",
    "    1764324932\t7.932\tdischarging\n",
  ),
  macos: padded(fixture("macos-system-profiler.txt"), "    AC Charger", "          Display Sleep Timer (Minutes): 2\n"),
  "hostile (unclosed tags)": `<html><table>${"<tr><td>".repeat(LIMIT / 8)}`,
};

for (const [name, text] of Object.entries(REPORTS)) {
  const times: number[] = [];
  let outcome = "";
  for (let r = 0; r < ROUNDS; r++) {
    const start = performance.now();
    try {
      const report = parseBatteryReport(text, today);
      outcome = `${report.percent} %`;
    } catch (error) {
      outcome = `refused: ${(error as Error).message.slice(0, 40)}…`;
    }
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? 0;
  const slowest = times.at(-1) ?? 0;
  console.log(
    `${name.padEnd(24)} ${(text.length / 1024 / 1024).toFixed(2)} MB  median ${median.toFixed(1)} ms  slowest ${slowest.toFixed(1)} ms  (${outcome})`,
  );
}
