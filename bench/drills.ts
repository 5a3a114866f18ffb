/**
 * Resilience drills: `npm run drills` (add `--outage` to also restart PostgreSQL, which needs root).
 *  - crash: the embedded-database server is killed with SIGKILL in the middle of booking and paying,
 *    then restarted on the same folder: every order and payment whose request was answered is still there.
 *  - load: 200 connections of browsing and searching → no errors, no 5xx.
 *  - outage (opt-in): PostgreSQL restarts under load → /healthz says 503 meanwhile, and the app recovers alone.
 * The race (50 buyers, one laptop) and webhook replay drills run with the integration tests.
 * Each drill prints what it did and what it found, and the process exits 1 when an invariant breaks.
 */
import { type ChildProcess, execSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";

const short = process.argv.includes("--short");
const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  console.log(`  ${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failures.push(what);
};

function startServer(env: Record<string, string>, port: number) {
  const child = spawn(process.execPath, ["server/main.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "error",
      NODE_ENV: "production",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  return child;
}
async function healthy(port: number, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return true;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

/** A buyer's HTTP session (cookie jar of one). */
async function buyer(base: string, i: number) {
  let cookie = "";
  const call = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${base}${url}`, {
      method,
      // As a browser would: better-auth refuses sign-ups without an Origin in production.
      headers: { "content-type": "application/json", origin: base, ...(cookie && { cookie }) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const set = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    if (set) cookie = set;
    return { status: res.status, json: (await res.json().catch(() => null)) as Record<string, unknown> | null };
  };
  await call("POST", "/api/auth/sign-up/email", {
    name: `Drill ${i}`,
    email: `drill${i}.${Date.now()}@drill.test`,
    password: "Str0ng!pw",
  });
  return call;
}

async function crashDrill() {
  console.log("crash: SIGKILL during booking and paying on the embedded database");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "relaptop-drill-"));
  const port = 3501;
  let server: ChildProcess = startServer({ DATA_DIR: dataDir, SEED_DEMO: "true", DATABASE_URL: "" }, port);
  check(await healthy(port), "the server starts on a fresh folder (demo seeded)");
  const base = `http://127.0.0.1:${port}`;
  const { items } = (await (await fetch(`${base}/api/adverts`)).json()) as { items: { id: string }[] };
  const buyers = await Promise.all(Array.from({ length: 8 }, (_, i) => buyer(base, i)));
  const answered: { who: number; orderId: string; paid: boolean }[] = [];
  let stop = false;
  const work = buyers.map(async (call, who) => {
    for (let n = 0; !stop; n++) {
      try {
        const advert = items[(who * 3 + n) % items.length];
        const booked = await call("POST", "/api/orders", {
          advertId: advert?.id,
          meetingLocation: "Drill",
          phone: "0171234567",
        });
        if (booked.status !== 201) continue;
        const orderId = String(booked.json?.id);
        answered.push({ who, orderId, paid: false });
        const paid = await call("POST", `/api/orders/${orderId}/pay`, {
          cardNumber: "4242424242424242",
          expiry: "12 / 34",
          cvc: "123",
          attemptKey: `drill-${orderId}`,
        });
        if (paid.status === 200) answered.push({ who, orderId, paid: true });
      } catch {
        return; // the server is gone: stop this buyer
      }
    }
  });
  await new Promise((r) => setTimeout(r, short ? 1500 : 4000));
  server.kill("SIGKILL");
  stop = true;
  await Promise.all(work);
  console.log(
    `  killed after ${answered.filter((a) => !a.paid).length} answered bookings and ${answered.filter((a) => a.paid).length} answered payments`,
  );

  server = startServer({ DATA_DIR: dataDir, SEED_DEMO: "true", DATABASE_URL: "" }, port);
  check(await healthy(port), "the embedded database reopens cleanly after SIGKILL (stale lock taken over)");
  let missing = 0;
  for (const a of answered) {
    const res = await buyers[a.who]?.("GET", `/api/orders/${a.orderId}`);
    const status = res?.json?.status;
    if (res?.status !== 200 || (a.paid && status !== "paid" && status !== "completed")) missing++;
  }
  check(missing === 0, `every answered order and payment survived (${answered.length} checked, ${missing} missing)`);
  const catalogue = await fetch(`${base}/api/adverts?sort=newest`);
  check(catalogue.ok, `the catalogue answers after the restart (HTTP ${catalogue.status})`);
  server.kill("SIGTERM");
}

async function loadDrill() {
  const seconds = short ? 5 : 60;
  console.log(`load: 200 connections of browsing and searching for ${seconds} s`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "relaptop-drill-"));
  const port = 3502;
  const server = startServer({ DATA_DIR: dataDir, SEED_DEMO: "true", DATABASE_URL: "" }, port);
  await healthy(port);
  const base = `http://127.0.0.1:${port}`;
  const result = await autocannon({
    url: base,
    connections: 200,
    duration: seconds,
    requests: [
      { method: "GET", path: "/api/adverts?sort=price_asc" },
      { method: "GET", path: "/api/adverts?q=thinkpda" },
      { method: "GET", path: "/api/brands" },
      { method: "GET", path: "/allAdd?condition=good" },
      { method: "GET", path: "/" },
    ],
  });
  console.log(
    `  ${result.requests.total} requests, ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms`,
  );
  check(
    result.errors === 0 && result.timeouts === 0,
    `no connection errors or timeouts (${result.errors} errors, ${result.timeouts} timeouts)`,
  );
  check(result.non2xx === 0, `no error responses (${result.non2xx} non-2xx)`);
  server.kill("SIGTERM");
}

async function outageDrill() {
  console.log("outage: PostgreSQL restarts under load");
  const url = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const port = 3503;
  const server = startServer(
    {
      DATABASE_URL: url,
      AUTH_SECRET: "drill-secret-drill-secret-drill-secret-0",
      SEED_DEMO: "false",
      DATA_DIR: os.tmpdir(),
    },
    port,
  );
  check(await healthy(port), "the server starts on PostgreSQL");
  execSync("pg_ctlcluster 15 main stop -m fast || service postgresql stop", { stdio: "ignore" });
  const during = await fetch(`http://127.0.0.1:${port}/healthz`)
    .then((r) => r.status)
    .catch(() => 0);
  check(during === 503, `/healthz answers 503 while the database is down (got ${during})`);
  const api = await fetch(`http://127.0.0.1:${port}/api/adverts`)
    .then((r) => r.status)
    .catch(() => 0);
  check(api === 503, `the API answers 503 "briefly unavailable", not a hang or a 500 (got ${api})`);
  execSync("pg_ctlcluster 15 main start || service postgresql start", { stdio: "ignore" });
  check(await healthy(port, 30_000), "the app recovers by itself, without a restart");
  server.kill("SIGTERM");
}

if (!process.argv.includes("--only-outage")) await crashDrill();
if (!process.argv.includes("--only-outage")) await loadDrill();
if (process.argv.includes("--outage") || process.argv.includes("--only-outage")) await outageDrill();
console.log(
  failures.length ? `\nDrills FAILED: ${failures.length} invariant(s) broken` : "\nDrills passed: every invariant held",
);
process.exit(failures.length ? 1 : 0);
