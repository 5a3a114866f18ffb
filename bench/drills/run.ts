/**
 * Resilience drills: `npm run drills` — the full form, as the issue describes them; `-- --short` is the
 * form CI runs at the end of `npm test`; `-- --only race,sqlmap` picks drills.
 * Each drill prints what it did and what it found; the process exits 1 when any invariant breaks.
 * The outage drill restarts the machine's PostgreSQL: it runs only as root, and says so when skipped.
 * Webhook replay (Stripe events ×10, out of order) and the role × operation matrix run with the
 * integration tests, on both databases.
 */
import { clusterDrill } from "./cluster.ts";
import { crashDrill } from "./crash.ts";
import { loadDrill } from "./load.ts";
import { mailOutageDrill } from "./mail-outage.ts";
import { outageDrill } from "./outage.ts";
import { pairsDrill } from "./pairs.ts";
import { raceDrill } from "./race.ts";
import { sqlmapDrill } from "./sqlmap.ts";
import { brokenInvariants, canRestartPostgres } from "./support.ts";
import { workersDrill } from "./workers.ts";

const short = process.argv.includes("--short");
const onlyAt = process.argv.indexOf("--only");
const only = onlyAt > 0 ? (process.argv[onlyAt + 1] ?? "").split(",") : null;

const drills: [string, () => Promise<void>][] = [
  ["race", raceDrill],
  ["crash", () => crashDrill({ short })],
  ["load", () => loadDrill({ short })],
  ["sqlmap", () => sqlmapDrill({ short })],
  ["pairs", () => pairsDrill({ short })],
  ["mail", () => mailOutageDrill({ short })],
  ["workers", workersDrill],
  ["cluster", () => clusterDrill({ short })],
  // Last: it restarts the PostgreSQL server the other drills use.
  ["outage", outageDrill],
];

for (const [name, drill] of drills) {
  if (only && !only.includes(name)) continue;
  if (name === "outage" && !canRestartPostgres()) {
    console.log("outage: skipped (needs root and Debian's pg_ctlcluster to restart PostgreSQL)");
    continue;
  }
  const started = performance.now();
  await drill();
  console.log(`${name}: ${((performance.now() - started) / 1000).toFixed(0)} s`);
}
const broken = brokenInvariants();
console.log(broken ? `\nDrills FAILED: ${broken} invariant(s) broken` : "\nDrills passed: every invariant held");
process.exit(broken ? 1 : 0);
