/**
 * Scaling: `npm run bench:scaling -- [--size 10000] [--duration 10] [--connections 50]` — throughput of 1, 2
 * and 3 app processes behind Debian's nginx on one PostgreSQL database, side by side: signed-in pages
 * (rendered for each request: CPU-bound, they should scale with processes until the cores run out), the
 * visitors' catalogue API (answered mostly by nginx's cache, so it shows the balancer's own ceiling). Each
 * signed-in figure is also given as a ratio to one process in
 * the same run. Prints a table and appends it to bench/results/<date>-scaling.md.
 */
import fs from "node:fs";
import os from "node:os";
import autocannon from "autocannon";
import { createUser } from "../seed/factories.ts";
import { signIn } from "./booking-load.ts";
import { startNginx } from "./drills/cluster-parts.ts";
import { freshDatabase } from "./fresh-database.ts";
import { answers, argument, buildIfStale, SERVER_ENTRY, startNode, stop } from "./processes.ts";

buildIfStale();
const size = Number(argument("size", "10000"));
const duration = Number(argument("duration", "10"));
const connections = Number(argument("connections", "50"));
const NGINX = 3540;
const APPS = [3541, 3542, 3543];
const SELLER = { email: "bench.scaling@bench.test", password: "Str0ng!pw" };

const db = await freshDatabase(size, "postgres", "scaling", async (core) => {
  await createUser(core, { name: "Bench Seller", email: SELLER.email, password: SELLER.password, role: "seller" });
});
const env = {
  ...db.env,
  RUN_JOBS: "false",
  SEED_DEMO: "false",
  TRUST_PROXY: "1",
  PUBLIC_URL: `http://127.0.0.1:${NGINX}`,
};

interface Figures {
  processes: number;
  signedIn: number;
  visitors: number;
  p99: number;
}

async function measure(count: number): Promise<Figures> {
  const apps = APPS.slice(0, count).map((port) => startNode([SERVER_ENTRY], port, env));
  let nginx: Awaited<ReturnType<typeof startNginx>> | undefined;
  try {
    for (const port of APPS.slice(0, count)) {
      if (!(await answers(`http://127.0.0.1:${port}/healthz`))) throw new Error(`app on ${port} did not start`);
    }
    // Only once they answer: nginx marks a process that refused it as down for a few seconds.
    nginx = await startNginx(APPS.slice(0, count), NGINX);
    const base = nginx.url;
    const cookie = await signIn(base, SELLER.email, SELLER.password);
    const laptop = db.laptops[0];
    const run = (requests: autocannon.Request[], headers: Record<string, string> = {}) =>
      autocannon({ url: base, connections, duration, headers, requests });
    // Warm each process's prepared statements and route modules first.
    await autocannon({
      url: base,
      connections: 10,
      duration: 2,
      headers: { cookie },
      requests: [{ path: "/dashboard" }],
    });
    const signedIn = await run(
      [{ path: `/dashboard/adds/${SELLER.email}` }, { path: `/laptops/${laptop}` }, { path: "/allAdd" }],
      { cookie },
    );
    const visitors = await run([{ path: "/api/adverts?sort=price_asc" }, { path: `/api/adverts/${laptop}` }]);
    for (const [what, r] of [
      ["signed-in", signedIn],
      ["visitors", visitors],
    ] as const) {
      if (r.non2xx > 0)
        console.log(`  ${count} processes, ${what}: non-2xx answers ${JSON.stringify(r.statusCodeStats)}`);
    }
    return {
      processes: count,
      signedIn: Math.round(signedIn.requests.average),
      visitors: Math.round(visitors.requests.average),
      p99: signedIn.latency.p99,
    };
  } finally {
    await nginx?.stop();
    await Promise.all(apps.map((app) => stop(app)));
  }
}

console.log(
  `scaling: ${size} adverts on PostgreSQL, ${connections} connections, ${duration} s per figure, ${os.availableParallelism()} cores`,
);
const rows: Figures[] = [];
for (const count of [1, 2, 3]) rows.push(await measure(count));
const one = rows[0] as Figures;
const table = [
  "| app processes | signed-in pages req/s | × one process | signed-in p99 ms | visitors' API req/s (nginx cache) |",
  "|---|---|---|---|---|",
  ...rows.map(
    (r) => `| ${r.processes} | ${r.signedIn} | ${(r.signedIn / one.signedIn).toFixed(2)} | ${r.p99} | ${r.visitors} |`,
  ),
].join("\n");
console.log(table);
fs.mkdirSync("bench/results", { recursive: true });
const file = `bench/results/${new Date().toISOString().slice(0, 10)}-scaling.md`;
fs.appendFileSync(
  file,
  `\n## Scaling, ${new Date().toISOString()} (${os.availableParallelism()} cores, ${size} adverts, ${connections} connections)\n\n${table}\n`,
);
console.log(`Written to ${file}`);
process.exit(0);
