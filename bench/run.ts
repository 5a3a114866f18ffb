/**
 * Benchmarks: `npm run bench -- --sizes 10000,100000,1000000 --duration 10`
 * For each catalogue size: a fresh PostgreSQL database (DATABASE_URL's server) seeded with N adverts,
 * the production build on 127.0.0.1, and autocannon at 10 and 50 connections per scenario.
 * Each figure is also given as a ratio to this machine's ceilings, so runs compare across machines.
 * Writes bench/results/<date>.md and prints a one-line summary.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase } from "../db/client.ts";
import { adverts, brands } from "../db/schema.ts";
import { seedBulk } from "../db/seed/bulk.ts";
import { loadConfig } from "../server/config.ts";
import { createServices } from "../server/services.ts";

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const sizes = arg("sizes", "10000").split(",").map(Number);
const duration = Number(arg("duration", "5"));
const adminUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const SECRET = "bench-secret-bench-secret-bench-secret-00";
const APP_PORT = 3401;
const CEILING_PORT = 3402;

if (!fs.existsSync("build/server/index.js")) spawnSync("npm", ["run", "build"], { stdio: "inherit" });

async function freshDatabase(size: number) {
  const name = `relaptop_bench_${size}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const config = loadConfig({
    DATABASE_URL: url.toString(),
    AUTH_SECRET: SECRET,
    DATA_DIR: `/tmp/relaptop-bench-${size}`,
  });
  const database = await openDatabase(config.database);
  const services = createServices(config, database);
  const started = Date.now();
  await seedBulk(services, size);
  const seconds = (Date.now() - started) / 1000;
  const [brand] = await services.db.select({ id: brands.id }).from(brands).limit(1);
  const [advert] = await services.db.select({ id: adverts.id }).from(adverts).where(sql`status = 'available'`).limit(1);
  await database.close();
  return { url: url.toString(), brandId: brand?.id as string, advertId: advert?.id as string, seconds };
}

async function start(
  command: string[],
  env: Record<string, string>,
  port: number,
  path: string,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, command, {
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}${path}`)).ok) return child;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error(`${command.join(" ")} did not start`);
}

interface Row {
  size: number;
  scenario: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  ceiling: string;
  ratio: string;
}

async function measure(url: string, connections: number) {
  const r = await autocannon({ url, connections, duration });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts + r.non2xx };
}

const rows: Row[] = [];
for (const size of sizes) {
  console.log(`Seeding ${size.toLocaleString("en-US")} adverts…`);
  const db = await freshDatabase(size);
  const env = {
    DATABASE_URL: db.url,
    AUTH_SECRET: SECRET,
    PORT: String(APP_PORT),
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    SEED_DEMO: "false",
    NODE_ENV: "production",
  };
  const app = await start(["server/main.ts"], env, APP_PORT, "/healthz");
  const ceiling = await start(
    ["bench/ceiling-server.ts"],
    { DATABASE_URL: db.url, PORT: String(CEILING_PORT) },
    CEILING_PORT,
    "/bare",
  );
  const base = `http://127.0.0.1:${APP_PORT}`;
  const scenarios: [string, string, "query" | "bare"][] = [
    ["brand page data (JSON)", `${base}/api/adverts?brand=${db.brandId}`, "query"],
    ["filter + sort (JSON)", `${base}/api/adverts?minPrice=300&maxPrice=2000&condition=good&sort=price_asc`, "query"],
    ["full-text search (JSON)", `${base}/api/adverts?q=thinkpad`, "query"],
    ["/allAdd page (SSR)", `${base}/allAdd?sort=price_desc`, "bare"],
    ["laptop page (SSR)", `${base}/laptops/${db.advertId}`, "bare"],
  ];
  try {
    for (const connections of [10, 50]) {
      const ceilings = {
        bare: await measure(`http://127.0.0.1:${CEILING_PORT}/bare`, connections),
        query: await measure(`http://127.0.0.1:${CEILING_PORT}/query`, connections),
      };
      for (const [label, ceil] of [
        ["ceiling: bare route", "bare"],
        ["ceiling: 24-row query", "query"],
      ] as const) {
        const c = ceilings[ceil];
        rows.push({ size, scenario: label, connections, ...c, ceiling: "—", ratio: "—" });
      }
      for (const [scenario, url, against] of scenarios) {
        const m = await measure(url, connections);
        const c = ceilings[against];
        rows.push({
          size,
          scenario,
          connections,
          ...m,
          ceiling: against,
          ratio: `${Math.round((m.rps / c.rps) * 100)} %`,
        });
        console.log(`${size} · ${connections} conns · ${scenario}: ${Math.round(m.rps)} req/s, p99 ${m.p99} ms`);
      }
    }
  } finally {
    app.kill();
    ceiling.kill();
  }
}

const table = [
  "| adverts | scenario | conns | req/s | p50 ms | p99 ms | errors | vs ceiling |",
  "|---:|---|---:|---:|---:|---:|---:|---:|",
  ...rows.map(
    (r) =>
      `| ${r.size.toLocaleString("en-US")} | ${r.scenario} | ${r.connections} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.ratio} |`,
  ),
];
const growth =
  sizes.length > 1
    ? rows
        .filter((r) => r.size === sizes.at(-1) && r.connections === 50 && r.ceiling !== "—")
        .map((r) => {
          const small = rows.find((s) => s.size === sizes[0] && s.connections === 50 && s.scenario === r.scenario);
          return `- ${r.scenario}: p50 ${small?.p50} → ${r.p50} ms (×${small?.p50 ? (r.p50 / small.p50).toFixed(2) : "?"})`;
        })
    : [];
const date = new Date().toISOString().slice(0, 16).replace(/[:T]/g, "-");
const report = [
  `# Benchmark ${date}`,
  "",
  `PostgreSQL (DATABASE_URL's server), production build, ${duration} s per measurement, autocannon on the same machine.`,
  "",
  ...table,
  ...(growth.length ? ["", `p50 growth from ${sizes[0]} to ${sizes.at(-1)} adverts (50 connections):`, ...growth] : []),
  "",
].join("\n");
fs.mkdirSync("bench/results", { recursive: true });
fs.writeFileSync(`bench/results/${date}.md`, report);
const worst = rows.filter((r) => r.ceiling !== "—").reduce((a, b) => (b.p99 > a.p99 ? b : a));
const errors = rows.reduce((n, r) => n + r.errors, 0);
console.log(`\n${report}`);
console.log(
  `Summary: ${rows.length} measurements, ${errors} errors, worst p99 ${worst.p99} ms (${worst.scenario}, ${worst.size} adverts, ${worst.connections} conns) → bench/results/${date}.md`,
);
