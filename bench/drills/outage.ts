/**
 * Database outage: PostgreSQL is stopped and started again while 20 connections browse → meanwhile
 * /healthz, the API and pages answer 503 (never a 500, a hang or a dropped connection), and the app recovers by
 * itself. It stops and starts a PostgreSQL server of its own (tests/support/throwaway-postgres.ts), never the
 * one the other drills share.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { UNAVAILABLE_MESSAGE } from "../../db/availability.ts";
import { startThrowawayPostgres } from "../../tests/support/throwaway-postgres.ts";
import { until } from "../processes.ts";
import { check, healthy, startServer, stop } from "./support.ts";

async function statusOf(url: string) {
  return fetch(url)
    .then((r) => r.status)
    .catch(() => 0);
}

async function answerOf(url: string) {
  try {
    const res = await fetch(url);
    return { status: res.status, text: await res.text(), retryAfter: res.headers.get("retry-after") };
  } catch {
    return { status: 0, text: "", retryAfter: null };
  }
}

export async function outageDrill() {
  console.log("outage: PostgreSQL stops and starts again under load");
  const db = await startThrowawayPostgres();
  const uploads = fs.mkdtempSync(path.join(os.tmpdir(), "relaptop-drill-"));
  const port = 3503;
  const base = `http://127.0.0.1:${port}`;
  const server = startServer({ DATABASE_URL: db.url, DATA_DIR: uploads, SEED_DEMO: "false" }, port);
  check(await healthy(port), "the server starts on PostgreSQL");
  const load = autocannon({
    url: base,
    connections: 20,
    duration: 60,
    requests: [{ path: "/api/adverts?sort=price_asc" }, { path: "/healthz" }, { path: "/allAdd" }],
  });
  const started = Date.now();
  await db.stop();
  check(
    await until(async () => (await statusOf(`${base}/healthz`)) === 503, 10_000),
    "/healthz answers 503 while the database is down",
  );
  const api = await answerOf(`${base}/api/adverts`);
  check(
    api.status === 503 && api.text.includes(UNAVAILABLE_MESSAGE),
    `the API answers 503 "briefly unavailable", not a hang or a 500 (got ${api.status})`,
  );
  // A query the visitors' micro-cache has not seen: the page is rendered now, not replayed.
  const page = await answerOf(`${base}/allAdd?q=outage`);
  check(
    page.status === 503 && page.text.includes(UNAVAILABLE_MESSAGE) && page.retryAfter !== null,
    `a page answers 503 saying ReLaptop is briefly unavailable, with Retry-After (got ${page.status})`,
  );
  await db.start();
  check(await healthy(port, 30_000), "the app recovers by itself, without a restart");
  const downFor = Date.now() - started;
  (load as unknown as { stop(): void }).stop();
  const result = await load;
  const codes = Object.keys(result.statusCodeStats ?? {}).sort();
  console.log(
    `  ${result.requests.total} requests during ${downFor} ms of outage and recovery; statuses ${codes.join(", ")}`,
  );
  check(
    codes.every((c) => c === "200" || c === "503"),
    `every answer was 200 or 503 (${codes.join(", ")})`,
  );
  check(
    result.errors === 0 && result.timeouts === 0,
    `no dropped connections or timeouts (${result.errors} errors, ${result.timeouts} timeouts)`,
  );
  const after = await statusOf(`${base}/api/adverts`);
  check(after === 200, `the API serves again after the outage (got ${after})`);
  await stop(server);
  await db.remove();
  fs.rmSync(uploads, { recursive: true, force: true });
}
