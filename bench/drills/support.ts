/** What every drill shares: the verdict, starting a production server, and a buyer's HTTP session. */
import { type ChildProcess, execSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "../../db/client.ts";
import { createScratchDatabase } from "../../db/scratch-database.ts";
import { loadConfig } from "../../server/config.ts";
import { createServices } from "../../server/services.ts";
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

/** The production server (build/ must exist) on 127.0.0.1:port, demo seeded. */
export function startServer(env: Record<string, string>, port: number): ChildProcess {
  return startNode(["server/main.ts"], port, {
    LOG_LEVEL: "error",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    AUTH_SECRET: "drill-secret-drill-secret-drill-secret-0",
    SEED_DEMO: "true",
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
 * The invariants that no crash, race or load may break, read from the database itself (stop an embedded
 * database's server first: its folder is locked). Charges a crash left unrecorded are first settled as
 * the server does every minute. Returns each broken invariant with how many rows break it.
 */
export async function brokenMoneyInvariants(db: Database): Promise<string[]> {
  const config = loadConfig({ ...process.env, ...db.env, AUTH_SECRET: "drill-secret-drill-secret-drill-secret-0" });
  const database = await openDatabase(config.database);
  try {
    const services = createServices(config, database);
    await services.orders.reconcile(0);
    const queries: [string, string][] = [
      [
        "a sold laptop has exactly one paid order",
        `select a.id from adverts a where a.status = 'sold' and (select count(*) from orders o
         where o.advert_id = a.id and o.status in ('paid', 'completed')) <> 1`,
      ],
      [
        "a paid order's laptop is sold",
        `select o.id from orders o join adverts a on a.id = o.advert_id
         where o.status in ('paid', 'completed') and a.status <> 'sold'`,
      ],
      [
        "a paid order has its payment recorded, at its price",
        `select o.id from orders o where o.status in ('paid', 'completed') and not exists (select 1 from payments p
         where p.order_id = o.id and p.status = 'succeeded' and p.price_cents = o.price_cents)`,
      ],
      [
        "a refunded order's payment is refunded",
        `select o.id from orders o join payments p on p.order_id = o.id
         where o.status = 'refunded' and p.status <> 'refunded'`,
      ],
      [
        "every card charge belongs to a paid order or was refunded in full",
        `select c.id from sim_charges c join sim_payment_intents i on i.id = c.intent_id
         left join orders o on o.id = i.order_id
         where c.amount_refunded_cents < c.amount_cents and coalesce(o.status, '') not in ('paid', 'completed')`,
      ],
    ];
    const broken: string[] = [];
    for (const [rule, query] of queries) {
      const { rows } = (await services.db.execute(sql.raw(query))) as unknown as { rows: unknown[] };
      if (rows.length > 0) broken.push(`${rule} (${rows.length} rows break it)`);
    }
    return broken;
  } finally {
    await database.close();
  }
}
