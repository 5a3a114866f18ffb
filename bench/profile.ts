/**
 * Where a request's time goes: `npm run bench:profile -- --path "/allAdd?sort=price_desc" [--signed-in |
 * --as <email> --password <password>] [--seconds 8] [--connections 10]`, or `-- --booking`: booking + paying as
 * bench/run.ts loads it (every connection a new buyer; PostgreSQL only, on laptops nobody has booked). Starts the production build under
 * `node --cpu-prof` on the database configured as for `npm start` (DATABASE_URL, or the embedded one in
 * DATA_DIR — fill it first with `npm run seed:bulk`), loads the path with autocannon (`--signed-in`: as a new
 * buyer; `--as`: as that account, e.g. bench/run.ts's `bench.fan@bench.test` with 200 favourites), and prints
 * the app's CPU time per request — steadier than requests/s on a shared machine, as the other work's load
 * does not count in it — and the functions and packages that took the most CPU. The full profile (open it in
 * Chrome's DevTools) is left in bench/profiles/.
 */
import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { bookAndPay, buyerCookies, signIn } from "./booking-load.ts";
import { answers, argument, cpuMsOf, startNode, stop } from "./processes.ts";

const target = argument("path", "/api/adverts?sort=newest");
const seconds = Number(argument("seconds", "8"));
const connections = Number(argument("connections", "10"));
const PORT = 3421;
const base = `http://127.0.0.1:${PORT}`;
const dir = path.resolve("bench/profiles");
fs.mkdirSync(dir, { recursive: true });
const before = new Set(fs.readdirSync(dir));

const booking = process.argv.includes("--booking");
if (booking && !process.env.DATABASE_URL) throw new Error("--booking reads its laptops from DATABASE_URL's database");
// The sources, not the bundle: the profile names each frame's package or folder by its file, which the bundle
// merges into a few chunks; the code is the same.
const server = startNode(["--cpu-prof", `--cpu-prof-dir=${dir}`, "main.ts"], PORT, {
  PUBLIC_URL: base,
  LOG_LEVEL: "warn",
  // The booking load signs up its buyers from this one address: lift the per-address sign-up limit.
  SIGNUPS_PER_HOUR: "100000",
});
if (!(await answers(`${base}/healthz`))) throw new Error("the server did not start");
const as = argument("as", "");
const cookie = as
  ? await signIn(base, as, argument("password", ""))
  : process.argv.includes("--signed-in")
    ? ((await buyerCookies(base, 1))[0] ?? "")
    : "";
const headers: Record<string, string> = cookie ? { cookie } : {};
const buyers = booking ? await buyerCookies(base, connections) : [];
const laptops = booking ? await laptopsNobodyBooked() : [];
const cpuMs = () => cpuMsOf(server.pid);
const cpuBefore = cpuMs();
const result = booking
  ? await bookAndPay(base, connections, seconds, buyers, laptops)
  : await autocannon({ url: `${base}${target}`, connections, duration: seconds, headers });
const cpuPerRequest = ((cpuMs() - cpuBefore) * 1000) / Math.max(1, result.requests.total);
console.log(
  `${booking ? "book + pay" : target}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.non2xx} non-2xx; the app's CPU ${Math.round(cpuPerRequest)} µs per request`,
);
await stop(server, "SIGINT"); // a clean exit writes the profile

const file = fs.readdirSync(dir).find((f) => !before.has(f) && f.endsWith(".cpuprofile"));
if (!file) throw new Error("the server wrote no profile");
type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number } };
const profile = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as { nodes: Node[]; samples: number[] };
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const where = (n: Node) => {
  const url = n.callFrame.url;
  return (
    url.match(/node_modules\/((@[^/]+\/)?[^/]+)/)?.[1] ??
    (url.replace(/^.*?\/(app|core|db|server|schemas|build)\//, "$1/") || n.callFrame.functionName)
  );
};
const byFunction = new Map<string, number>();
const byPackage = new Map<string, number>();
for (const id of profile.samples) {
  const n = nodes.get(id);
  if (!n) continue;
  const fn = `${n.callFrame.functionName || "(anonymous)"} ${where(n)}:${n.callFrame.lineNumber + 1}`;
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + 1);
  byPackage.set(where(n), (byPackage.get(where(n)) ?? 0) + 1);
}
const top = (m: Map<string, number>, count: number) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([k, v]) => `  ${((v / profile.samples.length) * 100).toFixed(1).padStart(5)} %  ${k}`)
    .join("\n");
console.log(`\nCPU by package or folder (self time; includes start-up):\n${top(byPackage, 15)}`);
console.log(`\nCPU by function (self time):\n${top(byFunction, 25)}`);
console.log(`\nFull profile: ${path.join("bench/profiles", file)}`);

/** Laptops for sale that no order names, from DATABASE_URL's database (enough for the run at ~300 sales/s). */
async function laptopsNobodyBooked() {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  const { rows } = await client.query<{ id: string }>(
    `select id from adverts a where status = 'available'
       and not exists (select 1 from orders o where o.advert_id = a.id) limit $1`,
    [seconds * 400],
  );
  await client.end();
  return rows.map((r) => r.id);
}
