/** What every drill shares: the verdict, starting a production server, and a buyer's HTTP session. */
import { type ChildProcess, execSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../../db/client.ts";
import { createScratchDatabase } from "../../db/scratch-database.ts";
import { type Config, loadConfig } from "../../server/config.ts";
import { createServices, type ServiceOptions, type Services } from "../../server/services.ts";
import { brokenMoneyInvariantsIn } from "../../tests/support/money-invariants.ts";
import { answers, startNode, stop } from "../processes.ts";

const failures: string[] = [];

/** Prints an invariant's verdict; a broken one fails the run. */
export function check(ok: boolean, what: string) {
  console.log(`  ${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failures.push(what);
}
export const brokenInvariants = () => failures.length;

export type Database = { name: "embedded" | "PostgreSQL"; env: Record<string, string>; drop(): Promise<void> };

/** A fresh embedded database folder. */
export function embedded(): Database {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "relaptop-drill-"));
  return {
    name: "embedded",
    env: { DATA_DIR: dir, DATABASE_URL: "" },
    drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

export const postgresUrl = () => process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";

/** A fresh database on DATABASE_URL's PostgreSQL server; null when no server answers. */
export async function postgres(label: string): Promise<Database | null> {
  const scratch = await createScratchDatabase(postgresUrl(), `relaptop_drill_${label}_${process.pid}`).catch(
    () => null,
  );
  if (!scratch) return null;
  return {
    name: "PostgreSQL",
    env: { DATABASE_URL: scratch.url, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "relaptop-drill-")) },
    drop: scratch.drop,
  };
}

const AUTH_SECRET = "drill-secret-drill-secret-drill-secret-0";

/**
 * The production server (build/ must exist) on 127.0.0.1:port, demo seeded. Every drill buyer signs up
 * from 127.0.0.1, so the per-address sign-up limit is lifted.
 */
export function startServer(env: Record<string, string>, port: number): ChildProcess {
  return startNode(["server/main.ts"], port, {
    LOG_LEVEL: "error",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    AUTH_SECRET,
    SEED_DEMO: "true",
    SIGNUPS_PER_HOUR: "100000",
    ...env,
  });
}

/** Waits until /healthz answers 200. */
export const healthy = (port: number, timeoutMs?: number) => answers(`http://127.0.0.1:${port}/healthz`, timeoutMs);

export { stop };

export type Call = (
  method: string,
  url: string,
  body?: unknown,
) => Promise<{ status: number; json: Record<string, unknown> | null }>;

/** A new buyer account with its own HTTP session (a cookie jar of one), as a browser would have. */
export async function buyer(base: string, label: string): Promise<Call> {
  let cookie = "";
  const call: Call = async (method, url, body) => {
    const res = await fetch(`${base}${url}`, {
      method,
      // As a browser would: better-auth refuses sign-ups without an Origin in production.
      headers: {
        origin: base,
        ...(body !== undefined && { "content-type": "application/json" }),
        ...(cookie && { cookie }),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const set = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    if (set) cookie = set;
    return { status: res.status, json: (await res.json().catch(() => null)) as Record<string, unknown> | null };
  };
  const signUp = await call("POST", "/api/auth/sign-up/email", {
    name: `Drill ${label}`,
    email: `drill.${label}.${process.pid}.${Date.now()}@drill.test`,
    password: "Str0ng!pw",
  });
  if (signUp.status !== 200) throw new Error(`sign-up failed: HTTP ${signUp.status}`);
  return call;
}

export const booking = (advertId: unknown) => ({ advertId, meetingLocation: "Drill", phone: "0171234567" });
export const card = (orderId: unknown) => ({
  cardNumber: "4242424242424242",
  expiry: "12 / 34",
  cvc: "123",
  attemptKey: `drill-${orderId}`,
});

/** The available laptops on the first catalogue page. */
export async function laptops(base: string): Promise<string[]> {
  const res = await fetch(`${base}/api/adverts?sort=newest`);
  const { items } = (await res.json()) as { items: { id: string }[] };
  return items.map((i) => i.id);
}

/** Root can restart the machine's PostgreSQL cluster (Debian's pg_ctlcluster). */
export function canRestartPostgres() {
  try {
    return (
      process.getuid?.() === 0 &&
      fs.readdirSync("/etc/postgresql").length > 0 &&
      Boolean(execSync("command -v pg_ctlcluster", { shell: "/bin/bash" }).toString().trim())
    );
  } catch {
    return false;
  }
}

/**
 * The domain core on the drill's database, opened by the drill itself (stop an embedded database's server
 * first: its folder is locked), then closed. `env` adds to the server's configuration (e.g. Stripe's).
 */
export async function withServices<T>(
  db: Database,
  work: (services: Services, config: Config) => Promise<T>,
  { env = {}, ...options }: { env?: Record<string, string> } & ServiceOptions = {},
): Promise<T> {
  const config = loadConfig({ ...process.env, ...db.env, ...env, AUTH_SECRET });
  const database = await openDatabase(config.database);
  try {
    return await work(createServices(config, database, options), config);
  } finally {
    await database.close();
  }
}

/**
 * The money invariants that no crash, race or load may break (tests/support/money-invariants.ts, the
 * same list the integration tests check), read from the database itself once the server is stopped.
 * Charges a crash left unrecorded are first settled as the server does every minute. Returns each
 * broken invariant with how many rows break it.
 */
export function brokenMoneyInvariants(db: Database, env: Record<string, string> = {}): Promise<string[]> {
  return withServices(
    db,
    async (services) => {
      await services.orders.reconcile(0);
      return brokenMoneyInvariantsIn(services.db);
    },
    { env },
  );
}
