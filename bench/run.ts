/**
 * Benchmarks: `npm run bench -- --sizes 10000,100000,1000000 --duration 10 [--db postgres|pglite] [--only favourites,/allAdd]`
 * For each catalogue size: a fresh database (a new one on DATABASE_URL's PostgreSQL server, or a new
 * embedded folder) seeded with N adverts, the production build on 127.0.0.1, and autocannon at 10 and
 * 50 connections per scenario. Each figure is also given as a ratio to this machine's ceilings, measured
 * in the same run, so runs compare across machines. `--only` keeps the scenarios whose label contains
 * one of its words (the ceilings always run). Beside each figure, the measured server's CPU time per request;
 * for each size, the app's resident memory idle after it started, its peak over the run, and how long it took
 * to answer /healthz (Linux: from /proc); on the embedded database, the demo's first start too (`--only "first start"`
 * for that alone). Writes bench/results/<date>.md and prints a one-line summary.
 */
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { TIME_ZONE_COOKIE } from "../app/lib/time-zone.ts";
import { openDatabase } from "../db/client.ts";
import { rateBulkSellers, seedBulkFavourites } from "../seed/bulk.ts";
import { createUser } from "../seed/factories.ts";
import { loadConfig } from "../server/config.ts";
import type { Core } from "../server/services.ts";
import { bookAndPay, buyerCookies, signIn } from "./booking-load.ts";
import { type DatabaseKind, freshDatabase } from "./fresh-database.ts";
import { answers, argument, buildIfStale, cpuMsOf, memoryOf, SERVER_ENTRY, startNode, stop } from "./processes.ts";

const sizes = argument("sizes", "10000").split(",").map(Number);
const duration = Number(argument("duration", "5"));
const kind = argument("db", "postgres") as DatabaseKind;
// BENCH_PORT moves the app (and the ceiling server, one above) and names its databases, so two runs on
// one machine do not meet.
const APP_PORT = Number(process.env.BENCH_PORT ?? 3401);
const CEILING_PORT = APP_PORT + 1;
const CONNECTIONS = [10, 50];
/** `--only ratings`: just the seller-ratings comparison (PostgreSQL), without the ceilings and other scenarios;
 * any other `--only` leaves the comparison out. */
const onlyRatings = argument("only", "") === "ratings";
/** Alternating rounds of the ratings comparison (see compareRatings); `--rounds 5` for a steadier median. */
const ROUNDS = Number(argument("rounds", "3"));
const only = argument("only", "").split(",").filter(Boolean);
/** The signed-in buyer of the favourites scenarios: 200 favourites, among 2,000 buyers with 50 each. */
/** The facets scenarios' search: brand by model line, processor family, RAM, storage and price in words. */
const SPEC_QUERY = encodeURIComponent("thinkpad i7 16gb 512 ssd under 2000");
const FAN = { email: "bench.fan@bench.test", password: "Str0ng!pw", favourites: 200 };

buildIfStale();

/** The favourites scenarios' buyer (FAN) and 100,000 favourites of 2,000 others. */
async function seedFavourites(core: Core) {
  const fan = await createUser(core, { name: "Bench Fan", email: FAN.email, password: FAN.password });
  await seedBulkFavourites(core, {
    people: 2_000,
    perPerson: 50,
    account: { id: fan.id, favourites: FAN.favourites },
  });
}

/** The server being measured (the ceilings', then the app): its CPU time per request goes beside each figure. */
let underTest: ChildProcess | undefined;

async function start(script: string, env: Record<string, string>, port: number, readyPath: string) {
  const child = startNode([script], port, env);
  underTest = child;
  if (await answers(`http://127.0.0.1:${port}${readyPath}`)) return child;
  await stop(child);
  throw new Error(`${script} did not start`);
}

interface Row {
  size: number;
  scenario: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** The measured server's CPU time per request, in ms. */
  cpuMs: number;
  /** Which ceiling the scenario is compared to ("—" for the ceilings themselves). */
  against: "bare" | "query" | "—";
  ratio: string;
}

type Result = autocannon.Result;
/** A run's figures, with the CPU the measured server spent on it per request. */
async function figures(run: () => Promise<Result>) {
  const cpuBefore = cpuMsOf(underTest?.pid);
  const r = await run();
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
    cpuMs: (cpuMsOf(underTest?.pid) - cpuBefore) / Math.max(1, r.requests.total),
  };
}
type Figures = Awaited<ReturnType<typeof figures>>;
/** What a browser sends (Chromium's Accept-Encoding): autocannon sends none, and gets pages uncompressed. */
const AS_A_BROWSER_ASKS = { "accept-encoding": "gzip, deflate, br, zstd" };
const measure = async (url: string, connections: number, cookie?: string, headers: Record<string, string> = {}) =>
  figures(() => autocannon({ url, connections, duration, headers: { ...headers, ...(cookie && { cookie }) } }));

const rows: Row[] = [];
/** Visitors' list pages with no seller rated, then with a rating on every card, in the same run. */
const ratingRows: { size: number; scenario: string; connections: number; without: number; with: number }[] = [];
/** The app at each size: resident memory idle after it started and at its peak, and its start to /healthz. */
const memoryRows: { size: number; startMs: number; idleMb: number; peakMb: number }[] = [];

/**
 * `npm start` on a new machine: the embedded demo on a new DATA_DIR, created, migrated and seeded before the
 * server answers (server/prepare-apart.ts); its start to /healthz, and what the server holds once it does.
 */
async function firstStartOfTheDemo() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "relaptop-bench-first-"));
  try {
    const starting = Date.now();
    const app = await start(
      SERVER_ENTRY,
      {
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        SEED_DEMO: "true",
        LOG_LEVEL: "warn",
        PUBLIC_URL: `http://127.0.0.1:${APP_PORT}`,
      },
      APP_PORT,
      "/healthz",
    );
    const startMs = Date.now() - starting;
    const { rssMb, peakMb } = memoryOf(app.pid);
    await stop(app);
    return { startMs, rssMb, peakMb };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
const firstStart =
  kind === "pglite" && (only.length === 0 || only.includes("first start")) ? await firstStartOfTheDemo() : null;
const onlyFirstStart = only.length === 1 && only[0] === "first start";

for (const size of onlyFirstStart ? [] : sizes) {
  console.log(`Seeding ${size.toLocaleString("en-US")} adverts (${kind})…`);
  const db = await freshDatabase(size, kind, `bench_${APP_PORT}`, seedFavourites);

  // The ceilings first, alone on the machine (an embedded database can be open in one process only).
  const ceiling = await start("bench/ceiling-server.ts", db.env, CEILING_PORT, "/bare");
  const ceilings: Record<number, { bare: Figures; query: Figures }> = {};
  try {
    for (const connections of onlyRatings ? [] : CONNECTIONS) {
      const bare = await measure(`http://127.0.0.1:${CEILING_PORT}/bare`, connections);
      const query = await measure(`http://127.0.0.1:${CEILING_PORT}/query`, connections);
      ceilings[connections] = { bare, query };
      rows.push({ size, scenario: "ceiling: bare route", connections, ...bare, against: "—", ratio: "—" });
      rows.push({ size, scenario: "ceiling: 24-row query", connections, ...query, against: "—", ratio: "—" });
    }
  } finally {
    await stop(ceiling);
  }

  const starting = Date.now();
  const app = await start(
    SERVER_ENTRY,
    // The booking load signs up its buyers from this one address: lift the per-address sign-up limit.
    {
      ...db.env,
      LOG_LEVEL: "warn",
      SEED_DEMO: "false",
      PUBLIC_URL: `http://127.0.0.1:${APP_PORT}`,
      SIGNUPS_PER_HOUR: "100000",
    },
    APP_PORT,
    "/healthz",
  );
  const startMs = Date.now() - starting;
  const idleMb = memoryOf(app.pid).rssMb;
  const base = `http://127.0.0.1:${APP_PORT}`;
  const laptop = db.laptops.pop();
  const crawl = db.laptops.slice(-20_000);
  // Each booking run sells laptops nobody has booked yet.
  const laptopsPerRun = Math.floor(db.laptops.length / CONNECTIONS.length);
  // Visitors' reads are served from the 1 s micro-cache; a signed-in user's are computed every time, but for
  // the list pages' documents (decision 10).
  const [signedIn] = await buyerCookies(base, 1);
  // As a browser that has run our script carries it: the catalogue's list pages are then kept for every
  // signed-in reader of its kind, and the page reads the person's part after (their summary, measured below).
  const cookie = `${signedIn}; ${TIME_ZONE_COOKIE}=UTC`;
  const fanCookie = await signIn(base, FAN.email, FAN.password);
  const specQueryIds = (
    (await (await fetch(`${base}/api/adverts?q=${SPEC_QUERY}`)).json()) as { items: { id: string }[] }
  ).items.map((a) => a.id);
  const reads: [string, "bare" | "query", string][] = [
    ["brand page data (JSON)", "query", `${base}/api/adverts?brand=${db.brandId}`],
    ["filter + sort (JSON)", "query", `${base}/api/adverts?minPrice=300&maxPrice=2000&condition=good&sort=price_asc`],
    ["full-text search (JSON)", "query", `${base}/api/adverts?q=thinkpad`],
    // #48's target: within 1.5× the newest-first list's p99 (the plain /api/adverts), same run.
    ["newest first (JSON)", "query", `${base}/api/adverts`],
    ["best value (JSON)", "query", `${base}/api/adverts?sort=best_value`],
    // #48: p99 < 50 ms at 1 M adverts (a kept price guide and its sales).
    [
      "what's my laptop worth (JSON)",
      "query",
      `${base}/api/worth?processor=i5-8250U&ramGb=8&storageGb=256&condition=good&yearsOfUse=3`,
    ],
    ["/allAdd page (SSR)", "bare", `${base}/allAdd?sort=price_desc`],
    ["laptop page (SSR)", "bare", `${base}/laptops/${laptop}`],
    // Spec search: the words read as filters, the list and the counts beside every filter value (capped, see
    // core/catalogue/facets.ts): the page that shows both, and the counts alone, narrow and broad.
    ["facets: spec query list + counts (SSR)", "bare", `${base}/allAdd?q=${SPEC_QUERY}`],
    ["facets: counts of a spec query (JSON)", "query", `${base}/api/adverts/counts?q=${SPEC_QUERY}`],
    ["facets: counts of a broad filter (JSON)", "query", `${base}/api/adverts/counts?condition=good&minRam=16`],
    ["facets: counts of everything (JSON)", "query", `${base}/api/adverts/counts`],
  ];
  type Scenario = [string, "bare" | "query", (connections: number) => Promise<Figures>];
  const scenarios: Scenario[] = [
    ...reads.map(
      ([label, against, url]) => [`${label}, visitor`, against, (c: number) => measure(url, c)] satisfies Scenario,
    ),
    ...reads.map(
      ([label, against, url]) =>
        [`${label}, signed in`, against, (c: number) => measure(url, c, cookie)] satisfies Scenario,
    ),
    // The same spec-query page compressed, as people get it (the figures above are uncompressed).
    [
      "facets: spec query list + counts (SSR), as a browser asks (compressed), visitor",
      "bare",
      (c) => measure(`${base}/allAdd?q=${SPEC_QUERY}`, c, undefined, AS_A_BROWSER_ASKS),
    ],
    [
      "facets: spec query list + counts (SSR), as a browser asks (compressed), signed in",
      "bare",
      (c) => measure(`${base}/allAdd?q=${SPEC_QUERY}`, c, cookie, AS_A_BROWSER_ASKS),
    ],
    // What a signed-in page of the spec query costs besides: the person's part read once it has loaded (their
    // name, counts and its 24 cards' hearts), and the page rendered for them — the first after signing in, or a
    // browser without JavaScript.
    [
      "facets: spec query, the person's part (JSON summary), signed in",
      "query",
      (c) => measure(`${base}/api/me/summary?advertIds=${specQueryIds.join(",")}`, c, cookie),
    ],
    [
      "facets: spec query list + counts (SSR), rendered for the person, signed in",
      "bare",
      (c) => measure(`${base}/allAdd?q=${SPEC_QUERY}`, c, signedIn, AS_A_BROWSER_ASKS),
    ],
    // A crawler (a search engine's) reading laptops' pages, each once: rendered every time, and each kept for
    // the cache's second (server/http/kept-copies.ts), so the memory row shows what a crawl leaves held.
    [
      "laptop pages, each once (a crawler), visitor",
      "bare",
      (c) => {
        let next = 0;
        return figures(() =>
          autocannon({
            url: base,
            connections: c,
            duration,
            requests: [
              { setupRequest: (request) => ({ ...request, path: `/laptops/${crawl[next++ % crawl.length]}` }) },
            ],
          }),
        );
      },
    ],
    // A buyer's favourites (200 saved): each with its laptop's status and price now.
    ["my favourites (JSON), signed in", "query", (c) => measure(`${base}/api/favourites`, c, fanCookie)],
    [
      "/dashboard/favourites page (SSR), signed in",
      "bare",
      (c) => measure(`${base}/dashboard/favourites`, c, fanCookie),
    ],
    [
      "book + pay (JSON, 2 requests per sale)",
      "query",
      async (c) => {
        const cookies = await buyerCookies(base, c);
        return figures(() => bookAndPay(base, c, duration, cookies, db.laptops.splice(0, laptopsPerRun)));
      },
    ],
  ];
  try {
    for (const connections of onlyRatings ? [] : CONNECTIONS) {
      for (const [scenario, against, run] of scenarios) {
        if (only.length && !only.some((word) => scenario.includes(word))) continue;
        const m = await run(connections);
        const ceilingRps = ceilings[connections]?.[against].rps ?? Number.NaN;
        const ratio = `${Math.round((m.rps / ceilingRps) * 100)} %`;
        rows.push({ size, scenario, connections, ...m, against, ratio });
        console.log(
          `${size} · ${connections} conns · ${scenario}: ${Math.round(m.rps)} req/s, p99 ${m.p99} ms, ${m.cpuMs.toFixed(2)} ms CPU`,
        );
      }
    }
    // The embedded database can be open in one process only: the comparison needs a PostgreSQL server.
    if (kind === "postgres" && (only.length === 0 || onlyRatings))
      await compareRatings(size, db.env, reads.slice(0, 4));
  } finally {
    memoryRows.push({ size, startMs, idleMb, peakMb: memoryOf(app.pid).peakMb });
    await stop(app);
  }
}

/**
 * The visitors' list scenarios measured against the same running app with seller_ratings empty (what the
 * cards cost before ratings existed: the left join finds nothing) and with every seller rated. The two
 * states alternate for ROUNDS rounds (off, on, on, off, …) and each figure is the median, so a neighbour's
 * burst of load on a shared machine does not land on one side only.
 */
async function compareRatings(size: number, env: Record<string, string>, reads: [string, unknown, string][]) {
  const database = await openDatabase(loadConfig(env).database);
  const samples: Record<"off" | "on", Record<string, number[]>> = { off: {}, on: {} };
  const setState = async (state: "off" | "on") => {
    await database.db.execute(sql`truncate seller_ratings`);
    if (state === "on") await rateBulkSellers(database.db);
    // Past the one-second micro-cache, so no answer from before the change is reused.
    await new Promise((r) => setTimeout(r, 1100));
  };
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const order: ("off" | "on")[] = round % 2 === 0 ? ["off", "on"] : ["on", "off"];
      for (const state of order) {
        await setState(state);
        for (const connections of CONNECTIONS) {
          for (const [label, , url] of reads) {
            const key = `${label}|${connections}`;
            const rps = (await measure(url, connections)).rps;
            samples[state][key] = [...(samples[state][key] ?? []), rps];
          }
        }
      }
    }
    await setState("on");
    const median = (xs: number[] = []) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
    for (const key of Object.keys(samples.off)) {
      const [label, connections] = key.split("|") as [string, string];
      ratingRows.push({
        size,
        scenario: `${label}, visitor`,
        connections: Number(connections),
        without: median(samples.off[key]),
        with: median(samples.on[key]),
      });
    }
  } finally {
    await database.close();
  }
}

const ratingTable = ratingRows.length
  ? [
      "",
      `Seller ratings on every card (visitors, same run, same app): no seller rated vs. every seller rated, medians of ${ROUNDS} alternating rounds.`,
      "",
      "| adverts | scenario | conns | req/s, no ratings | req/s, ratings on every card | change |",
      "|---:|---|---:|---:|---:|---:|",
      ...ratingRows.map(
        (r) =>
          `| ${r.size.toLocaleString("en-US")} | ${r.scenario} | ${r.connections} | ${Math.round(r.without)} | ${Math.round(r.with)} | ${(((r.with - r.without) / r.without) * 100).toFixed(1)} % |`,
      ),
    ]
  : [];

const table = [
  "| adverts | scenario | conns | req/s | p50 ms | p99 ms | errors | vs ceiling | CPU ms/request |",
  "|---:|---|---:|---:|---:|---:|---:|---:|---:|",
  ...rows.map(
    (r) =>
      `| ${r.size.toLocaleString("en-US")} | ${r.scenario} | ${r.connections} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.ratio} | ${r.cpuMs.toFixed(2)} |`,
  ),
];
const memoryTable = [
  "",
  "The app process (with the embedded database, the database too): started to a healthy /healthz, resident memory idle just after, and its peak over the run.",
  "",
  "| adverts | start to /healthz s | RSS idle MB | RSS peak MB |",
  "|---:|---:|---:|---:|",
  ...memoryRows.map(
    (m) => `| ${m.size.toLocaleString("en-US")} | ${(m.startMs / 1000).toFixed(1)} | ${m.idleMb} | ${m.peakMb} |`,
  ),
  ...(firstStart
    ? [
        "",
        `The demo's first start on a new DATA_DIR (created, migrated and seeded, then served): healthy after ${(firstStart.startMs / 1000).toFixed(1)} s, ${firstStart.rssMb} MB resident, ${firstStart.peakMb} MB at most.`,
      ]
    : []),
];
const growth =
  sizes.length > 1
    ? rows
        .filter((r) => r.size === sizes.at(-1) && r.connections === 50 && r.against !== "—")
        .map((r) => {
          const small = rows.find((s) => s.size === sizes[0] && s.connections === 50 && s.scenario === r.scenario);
          return `- ${r.scenario}: p50 ${small?.p50} → ${r.p50} ms (×${small?.p50 ? (r.p50 / small.p50).toFixed(2) : "?"})`;
        })
    : [];
const date = new Date().toISOString().slice(0, 16).replace(/[:T]/g, "-");
const where = kind === "postgres" ? "PostgreSQL (DATABASE_URL's server)" : "the embedded database (PGlite)";
const report = [
  `# Benchmark ${date}`,
  "",
  `${where}, production build, ${duration} s per measurement, autocannon on the same machine (${os.cpus().length} cores).`,
  "",
  ...(rows.length ? table : []),
  ...memoryTable,
  ...ratingTable,
  ...(growth.length ? ["", `p50 growth from ${sizes[0]} to ${sizes.at(-1)} adverts (50 connections):`, ...growth] : []),
  "",
].join("\n");
fs.mkdirSync("bench/results", { recursive: true });
fs.writeFileSync(`bench/results/${date}-${kind}.md`, report);
const measured = rows.filter((r) => r.against !== "—");
const worst = measured.length ? measured.reduce((a, b) => (b.p99 > a.p99 ? b : a)) : undefined;
const errors = rows.reduce((n, r) => n + r.errors, 0);
console.log(`\n${report}`);
console.log(
  `Summary: ${rows.length + ratingRows.length * 2 * ROUNDS} measurements on ${kind}, ${errors} errors${worst ? `, worst p99 ${worst.p99} ms (${worst.scenario}, ${worst.size} adverts, ${worst.connections} conns)` : ""} → bench/results/${date}-${kind}.md`,
);
