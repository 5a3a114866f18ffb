/**
 * What notifications cost: `npm run bench:notifications -- [--size 10000] [--duration 10] [--rounds 2]
 * [--db postgres|pglite] [--baseline <git ref>] [--burst 10000] [--without-delivery | --worker] [--processes N]`
 *
 * 1. Booking + paying (bench/booking-load.ts) on this checkout — every sale telling its seller and its buyer,
 *    emails delivered to a real SMTP server on loopback (bench/smtp-sink.ts, a process of its own) — against
 *    the same load on the code from before notifications (`--baseline`, built in a temporary worktree and
 *    seeded with its own seeder), in alternating rounds on fresh databases of the same size. The goal: within
 *    10 % of the baseline's rate.
 *    `--without-delivery`: this checkout's server works no jobs (RUN_JOBS=false: the notices and emails are
 *    written and queued, never sent), to tell the requests' own cost from the delivery's on the same cores.
 *    `--worker`: this checkout's server works no jobs and a worker process (`npm run worker`) delivers the
 *    emails on the same cores, as compose.yaml lays them out.
 *    `--processes N`: this checkout serves with N app processes under its supervisor (WEB_CONCURRENCY; the
 *    default layout on PostgreSQL is one per core), each delivering email; the baseline had one process only.
 *    Each round on PostgreSQL also reports how long after its load the last of its emails was sent.
 * 2. A burst of `--burst` notifications (each with an email) waiting in the outbox: the time from a server's
 *    start until the last email reaches an SMTP server on loopback. The goal: under 60 s.
 * Writes bench/results/<date>-notifications-<db>.md.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import { count, inArray, sql } from "drizzle-orm";
import { type Db, openDatabase } from "../db/client.ts";
import { emailOutbox, users } from "../db/schema/index.ts";
import { createScratchDatabase } from "../db/scratch-database.ts";
import { loadConfig } from "../server/config.ts";
import { createServices } from "../server/services.ts";
import { bookAndPay, buyerCookies } from "./booking-load.ts";
import { BENCH_SECRET, type DatabaseKind, type FreshDatabase } from "./fresh-database.ts";
import {
  answers,
  argument,
  buildIfStale,
  cpuMsOf,
  SERVER_ENTRY,
  serverEntryIn,
  startNode,
  stop,
  until,
} from "./processes.ts";
import { countingSmtpServer } from "./smtp-sink.ts";

buildIfStale();
const size = Number(argument("size", "10000"));
const duration = Number(argument("duration", "10"));
const rounds = Number(argument("rounds", "2"));
const kind = argument("db", "postgres") as DatabaseKind;
// The last commit before the outbox and the job queue (0aabea3 brought them).
const baselineRef = argument("baseline", "0aabea3^");
const burst = Number(argument("burst", "10000"));
const withoutDelivery = process.argv.includes("--without-delivery");
const inWorker = process.argv.includes("--worker");
const processes = argument("processes", "1");
if (inWorker && kind !== "postgres")
  throw new Error("--worker needs --db postgres: the embedded database opens in one process");
const PORT = 3811;
const CONNECTIONS = [10, 50];
const base = `http://127.0.0.1:${PORT}`;

const here = process.cwd();
const sh = (cmd: string, args: string[], cwd = here) => {
  const r = spawnSync(cmd, args, { cwd, stdio: ["ignore", "inherit", "inherit"] });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed`);
};

/**
 * The baseline's code in a worktree of its own, with its own dependencies (its lock file: this checkout's
 * no longer has all it used), built.
 */
function prepareBaseline(): string {
  const dir = fs.mkdtempSync(`${os.tmpdir()}/relaptop-baseline-`);
  fs.rmSync(dir, { recursive: true });
  sh("git", ["worktree", "add", "--detach", dir, baselineRef]);
  sh("npm", ["ci", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"], dir);
  // The seeding command is this checkout's: it calls the baseline's own seeder and schema.
  fs.copyFileSync(`${here}/bench/fresh-database.ts`, `${dir}/bench/fresh-database.ts`);
  sh("npx", ["react-router", "build"], dir);
  return dir;
}

/** A fresh database seeded by the code in `dir`. */
function seed(dir: string, label: string): FreshDatabase {
  const out = `${os.tmpdir()}/relaptop-${label}.json`;
  sh(process.execPath, ["bench/fresh-database.ts", String(size), kind, label, out], dir);
  return JSON.parse(fs.readFileSync(out, "utf8")) as FreshDatabase;
}

async function serve(dir: string, env: Record<string, string>) {
  const child = startNode(
    [serverEntryIn(dir)],
    PORT,
    {
      ...env,
      LOG_LEVEL: "warn",
      SEED_DEMO: "false",
      PUBLIC_URL: base,
      // The load signs up its buyers from this one address.
      SIGNUPS_PER_HOUR: "100000",
    },
    dir,
  );
  if (await answers(`${base}/healthz`)) return child;
  await stop(child);
  throw new Error(`the server in ${dir} did not start`);
}

interface Sale {
  round: number;
  variant: "before notifications" | "with notifications";
  connections: number;
  rps: number;
  p99: number;
  errors: number;
  /** With notifications: seconds from the end of the load until its last email was sent (NaN: not within 5 minutes). */
  caughtUpS?: number;
}

async function sales(dir: string, variant: Sale["variant"], round: number, smtpUrl: string): Promise<Sale[]> {
  const db = seed(dir, `notif_${variant === "with notifications" ? "now" : "before"}`);
  const now = variant === "with notifications";
  const jobs: Record<string, string> = now && (withoutDelivery || inWorker) ? { RUN_JOBS: "false" } : {};
  const server = await serve(dir, {
    ...db.env,
    SMTP_URL: smtpUrl,
    ...jobs,
    ...(now && { WEB_CONCURRENCY: processes }),
  });
  const worker =
    now && inWorker
      ? startNode([SERVER_ENTRY, "--worker"], PORT + 1, { ...db.env, SMTP_URL: smtpUrl, LOG_LEVEL: "warn" }, dir)
      : null;
  // Read beside the server: PostgreSQL only (the embedded database's folder is the server's alone).
  const outbox =
    now && !withoutDelivery && kind === "postgres" ? await openDatabase(loadConfig(db.env).database) : null;
  const perRun = Math.floor(db.laptops.length / CONNECTIONS.length);
  const rows: Sale[] = [];
  try {
    for (const connections of CONNECTIONS) {
      const cookies = await buyerCookies(base, connections);
      const r = await bookAndPay(base, connections, duration, cookies, db.laptops.splice(0, perRun));
      const row = {
        round,
        variant,
        connections,
        rps: r.requests.average,
        p99: r.latency.p99,
        errors: r.errors + r.timeouts + r.non2xx,
        caughtUpS: outbox ? await caughtUp(outbox.db) : undefined,
      };
      rows.push(row);
      console.log(
        `round ${round} · ${variant} · ${connections} conns: ${Math.round(row.rps)} req/s, p99 ${row.p99} ms${row.caughtUpS === undefined ? "" : `, emails sent ${row.caughtUpS.toFixed(1)} s after`}`,
      );
    }
  } finally {
    await stop(server);
    if (worker) await stop(worker);
    await outbox?.close();
  }
  return rows;
}

/** Seconds until no email of the outbox waits to be sent (NaN after 5 minutes). */
async function caughtUp(db: Db) {
  const started = Date.now();
  const done = await until(async () => {
    const [waiting] = await db
      .select({ n: count() })
      .from(emailOutbox)
      .where(inArray(emailOutbox.status, ["pending", "sending"]));
    return waiting?.n === 0;
  }, 300_000);
  return done ? (Date.now() - started) / 1000 : Number.NaN;
}

/** Writes `count` notices, 500 to a transaction, through the core's own `notify`: what an event telling many people does. */
async function writeBurst(env: Record<string, string>, count: number) {
  const config = loadConfig(env);
  const database = await openDatabase(config.database);
  const core = createServices(config, database);
  const { runtime } = core;
  const { notify } = await import("../core/notifications/index.ts");
  await runtime.db.execute(sql`
    insert into ${users} (id, name, email, role, verified, acting_as_seller)
    select 'burst-' || g, 'Seller ' || g, 'seller' || g || '@burst.relaptop.test', 'seller', true, true
    from generate_series(1, 1000) g`);
  const started = Date.now();
  const chunks = Array.from({ length: Math.ceil(count / 500) }, (_, c) => c * 500);
  // Four writers at once, as a burst from many requests would come (the embedded database takes them in turn).
  for (let c = 0; c < chunks.length; c += 4) {
    await Promise.all(
      chunks.slice(c, c + 4).map((from) =>
        runtime.db.transaction(async (tx) => {
          for (let i = from; i < Math.min(count, from + 500); i++) {
            await notify(tx, "account.sellerVerified", { recipientId: `burst-${1 + (i % 1000)}`, params: {} });
          }
        }),
      ),
    );
  }
  return { writtenMs: Date.now() - started, close: () => database.close() };
}

/**
 * The burst: 10,000 notices committed while no server runs (the embedded database opens in one process
 * only), then a server started: the time from its start until the last email reaches the SMTP server.
 */
async function drain(smtpUrl: string, received: () => Promise<number>) {
  const dataDir = `/tmp/relaptop-burst-${kind}`;
  fs.rmSync(dataDir, { recursive: true, force: true });
  const env: Record<string, string> = { DATA_DIR: dataDir, DATABASE_URL: "", AUTH_SECRET: BENCH_SECRET };
  if (kind === "postgres") {
    const admin = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
    env.DATABASE_URL = (await createScratchDatabase(admin, "relaptop_burst")).url;
  }
  const written = await writeBurst(env, burst);
  await written.close();
  const before = await received();
  const started = Date.now();
  const server = await serve(here, { ...env, SMTP_URL: smtpUrl });
  try {
    const done = await until(async () => (await received()) - before >= burst, 120_000);
    return {
      writtenMs: written.writtenMs,
      drainedMs: done ? Date.now() - started : Number.NaN,
      missing: burst - ((await received()) - before),
      cpuSeconds: cpuMsOf(server.pid) / 1000,
    };
  } finally {
    await stop(server);
  }
}

const smtp = await countingSmtpServer();
const rows: Sale[] = [];
let drained: Awaited<ReturnType<typeof drain>>;
try {
  const baselineDir = prepareBaseline();
  try {
    for (let round = 1; round <= rounds; round++) {
      // Alternating, so a slower minute on a shared machine falls on both.
      rows.push(...(await sales(baselineDir, "before notifications", round, smtp.url)));
      rows.push(...(await sales(here, "with notifications", round, smtp.url)));
    }
  } finally {
    sh("git", ["worktree", "remove", "--force", baselineDir]);
  }
  drained = await drain(smtp.url, smtp.received);
} finally {
  await smtp.stop();
}

const rates = (variant: Sale["variant"], connections: number) =>
  rows.filter((r) => r.variant === variant && r.connections === connections).map((r) => r.rps);
const best = (variant: Sale["variant"], connections: number) => Math.max(...rates(variant, connections));
const mean = (variant: Sale["variant"], connections: number) =>
  rates(variant, connections).reduce((a, b) => a + b, 0) / rates(variant, connections).length;
const ratios = CONNECTIONS.map((c) => ({
  connections: c,
  ratio: best("with notifications", c) / best("before notifications", c),
  // Every round counted: a shared machine's slow minute falls on one round of either code.
  meanRatio: mean("with notifications", c) / mean("before notifications", c),
}));
const date = new Date().toISOString().slice(0, 16).replace(/[:T]/g, "-");
const report = [
  `# Notifications benchmark ${date}`,
  "",
  `${kind === "postgres" ? "PostgreSQL" : "The embedded database (PGlite)"}, ${size.toLocaleString("en-US")} adverts, production build, ${duration} s per measurement, ${os.cpus().length} cores; ${withoutDelivery ? "this checkout's server delivers no email (--without-delivery: written and queued only)" : `emails to a real SMTP server on loopback (a process of its own), delivered ${inWorker ? "by a worker process (--worker)" : processes !== "1" ? `by this checkout's ${processes} app processes themselves (--processes; the baseline: one), each giving way to its own requests` : "by the app process itself, giving way to its requests (a batch waits for a moment with none in hand, 30 s at most)"}`}. Baseline: ${baselineRef} (before notifications).`,
  "",
  "| round | code | conns | req/s | p99 ms | errors | last email sent (s after the load) |",
  "|---:|---|---:|---:|---:|---:|---:|",
  ...rows.map(
    (r) =>
      `| ${r.round} | ${r.variant} | ${r.connections} | ${Math.round(r.rps)} | ${r.p99} | ${r.errors} | ${r.caughtUpS === undefined ? "—" : r.caughtUpS.toFixed(1)} |`,
  ),
  "",
  "Book + pay with notifications, best round over best round (goal ≥ 90 %), and the mean of the rounds over theirs:",
  ...ratios.map(
    (r) =>
      `- ${r.connections} connections: ${Math.round(r.ratio * 100)} % (mean over rounds: ${Math.round(r.meanRatio * 100)} %)`,
  ),
  "",
  `Burst: ${burst.toLocaleString("en-US")} notifications written in ${(drained.writtenMs / 1000).toFixed(1)} s; with no server running; every email at the SMTP server ${(drained.drainedMs / 1000).toFixed(1)} s after a server started (goal < 60 s), using ${drained.cpuSeconds.toFixed(1)} s of the app process's CPU${drained.missing > 0 ? `; ${drained.missing} had not arrived after 120 s` : ""}.`,
  "",
].join("\n");
fs.mkdirSync("bench/results", { recursive: true });
fs.writeFileSync(`bench/results/${date}-notifications-${kind}.md`, report);
console.log(`\n${report}`);
const ok = ratios.every((r) => r.ratio >= 0.9) && drained.drainedMs < 60_000;
console.log(ok ? "Within the goals." : "Outside the goals: see above.");
