/**
 * Resilience drills: `npm run drills` — the full form, as the issue describes them; `-- --short` is the
 * form CI runs at the end of `npm test`; `-- --only race,sqlmap` picks drills.
 * Each drill prints what it did and what it found; the process exits 1 when any invariant breaks.
 * They run on the embedded database and on PostgreSQL: DATABASE_URL's server, or one of their own
 * (tests/support/throwaway-postgres.ts) when it is unset. The outage drill stops and starts a server of its own.
 * Webhook replay (Stripe events ×10, out of order) and the role × operation matrix run with the
 * integration tests, on both databases.
 */

import { startThrowawayPostgres } from "../../tests/support/throwaway-postgres.ts";
import { buildIfStale } from "../processes.ts";
import { clusterDrill } from "./cluster.ts";
import { crashDrill } from "./crash.ts";
import { ledgerDrill } from "./ledger.ts";
import { loadDrill } from "./load.ts";
import { mailOutageDrill } from "./mail-outage.ts";
import { outageDrill } from "./outage.ts";
import { pairsDrill } from "./pairs.ts";
import { raceDrill } from "./race.ts";
import { sqlmapDrill } from "./sqlmap.ts";
import { brokenInvariants } from "./support.ts";
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
  ["ledger", () => ledgerDrill({ short })],
  ["mail", () => mailOutageDrill({ short })],
  ["workers", workersDrill],
  ["cluster", () => clusterDrill({ short })],
  ["outage", outageDrill],
];

buildIfStale();
const server = process.env.DATABASE_URL ? null : await startThrowawayPostgres();
if (server) process.env.DATABASE_URL = server.url;

try {
  for (const [name, drill] of drills) {
    if (only && !only.includes(name)) continue;
    const started = performance.now();
    await drill();
    console.log(`${name}: ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
} finally {
  await server?.remove();
}
const broken = brokenInvariants();
console.log(broken ? `\nDrills FAILED: ${broken} invariant(s) broken` : "\nDrills passed: every invariant held");
process.exit(broken ? 1 : 0);
