import { eq } from "drizzle-orm";
import { parseBatteryReport } from "../core/catalogue/index.ts";
import { adverts } from "../db/schema/index.ts";
import type { Core } from "../server/services.ts";

/**
 * Two demo laptops (both left for sale by the demo timeline) carry a battery report, so "Battery verified: 87 % · 312 cycles", its filter and its count
 * show on first start. The reports are written as the tools write them, dated today, and read by the same
 * parser the advert form uses (only the figures are kept, as for any seller's report).
 */
const today = () => new Date().toISOString().slice(0, 10);

const windowsReport = () => `<!DOCTYPE html><html><head><title>Battery report</title></head><body>
<h1>Battery report</h1>
<table>
<tr><td class="label">COMPUTER NAME</td><td>XPS-DEMO</td></tr>
<tr><td class="label">SYSTEM PRODUCT NAME</td><td>Dell Inc. XPS 15 9530</td></tr>
<tr><td class="label">REPORT TIME</td><td class="dateTime"><span class="date">${today()} </span><span class="time">09:14:02</span></td></tr>
</table>
<h2>Installed batteries</h2>
<table>
<tr><td><span class="label">NAME</span></td><td>DELL 0M59JH</td></tr>
<tr><td><span class="label">DESIGN CAPACITY</span></td><td>51,008 mWh</td></tr>
<tr><td><span class="label">FULL CHARGE CAPACITY</span></td><td>44,377 mWh</td></tr>
<tr><td><span class="label">CYCLE COUNT</span></td><td>312</td></tr>
</table></body></html>`;

const upowerReport = () => `  native-path:          BAT0
  vendor:               SMP
  model:                5B10W13975
  updated:              ${new Date().toUTCString()} (12 seconds ago)
  battery
    energy-full:         52.44 Wh
    energy-full-design:  57 Wh
    charge-cycles:       148
    capacity:            92%
`;

const REPORTS: Record<string, () => string> = {
  "Dell XPS 15 9530": windowsReport,
  "Lenovo ThinkPad X1 Carbon Gen 11": upowerReport,
};

export async function giveDemoBatteryReports(s: Core) {
  for (const [name, report] of Object.entries(REPORTS)) {
    const figures = parseBatteryReport(report());
    await s.runtime.db
      .update(adverts)
      .set({ batteryVerified: figures.percent, batteryCycles: figures.cycles, batteryReport: figures })
      .where(eq(adverts.name, name));
  }
}
