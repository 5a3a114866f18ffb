/**
 * What every drill shares: the verdict, starting a production server, HTTP sessions and requests sent
 * together, laptops seeded straight into the database, and the money checks.
 */
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout } from "node:timers/promises";
import { openDatabase } from "../../db/client.ts";
import { createScratchDatabase } from "../../db/scratch-database.ts";
import { laptopPicture } from "../../seed/demo-images.ts";
import { createAdvert, createBrand, createUser, DEMO_PASSWORD } from "../../seed/factories.ts";
import { type Config, loadConfig } from "../../server/config.ts";
import { type Core, createServices, type ServiceOptions } from "../../server/services.ts";
import { brokenMoneyInvariantsIn } from "../../tests/support/money-invariants.ts";
import { answers, SERVER_ENTRY, startNode, stop } from "../processes.ts";

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

/** A fresh database on DATABASE_URL's PostgreSQL server (run.ts starts one of its own when that is unset). */
export async function postgres(label: string): Promise<Database> {
  const server = process.env.DATABASE_URL;
  if (!server) throw new Error("the drills need DATABASE_URL (bench/drills/run.ts sets it)");
  const scratch = await createScratchDatabase(server, `relaptop_drill_${label}_${process.pid}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "relaptop-drill-")); // its uploads
  return {
    name: "PostgreSQL",
    env: { DATABASE_URL: scratch.url, DATA_DIR: dir },
    drop: async () => {
      await scratch.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

const AUTH_SECRET = "drill-secret-drill-secret-drill-secret-0";

/**
 * The production server (build/ must exist) on 127.0.0.1:port, demo seeded. Every drill buyer signs up
 * from 127.0.0.1, so the per-address sign-up limit is lifted.
 */
export function startServer(env: Record<string, string>, port: number, args: string[] = []): ChildProcess {
  return startNode([SERVER_ENTRY, ...args], port, {
    LOG_LEVEL: "error",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    AUTH_SECRET,
    SEED_DEMO: "true",
    SIGNUPS_PER_HOUR: "100000",
    // The drills' admin acts over HTTP: its second factor is two-factor.test.ts's subject, not theirs.
    ADMIN_TWO_FACTOR: "optional",
    ...env,
  });
}

/** Waits until /healthz answers 200. */
export const healthy = (port: number, timeoutMs?: number) => answers(`http://127.0.0.1:${port}/healthz`, timeoutMs);

/**
 * The production server on `db` and `port` (as startServer), checked to answer (`started` says so), with the
 * ids of the laptops for sale on the first catalogue page and `count` new buyers signed in, labelled `label`
 * and a number.
 */
export async function serverAndBuyers(db: Database, port: number, count: number, label: string, started: string) {
  const base = `http://127.0.0.1:${port}`;
  const server = startServer(db.env, port);
  check(await healthy(port), started);
  const ids = await laptops(base);
  const buyers = await Promise.all(Array.from({ length: count }, (_, i) => buyer(base, `${label}${i}`)));
  return { base, server, ids, buyers };
}

export { stop };

export type Answer = { status: number; json: Record<string, unknown> | null };
export type Call = (method: string, url: string, body?: unknown) => Promise<Answer>;

/** An HTTP session (a cookie jar of one), as a browser would have. */
export function session(base: string): Call {
  let cookie = "";
  return async (method, url, body) => {
    const res = await fetch(`${base}${url}`, {
      method,
      // As a browser would: better-auth refuses sign-ups without an Origin in production.
      headers: {
        origin: base,
        ...(body !== undefined && !(body instanceof FormData) && { "content-type": "application/json" }),
        ...(cookie && { cookie }),
      },
      // A form (an advert with its photos) goes as multipart, as the browser sends it; anything else as JSON.
      body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
    });
    const set = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    if (set) cookie = set;
    return { status: res.status, json: (await res.json().catch(() => null)) as Record<string, unknown> | null };
  };
}

/** A new buyer account, signed in. */
export async function buyer(base: string, label: string): Promise<Call> {
  const call = session(base);
  const signUp = await call("POST", "/api/auth/sign-up/email", {
    name: `Drill ${label}`,
    email: `drill.${label}.${process.pid}.${Date.now()}@drill.test`,
    password: "Str0ng!pw",
  });
  if (signUp.status !== 200) throw new Error(`sign-up failed: HTTP ${signUp.status}`);
  return call;
}

/** An account the drill seeded (e.g. DRILL_ADMIN), signed in. */
export async function signIn(base: string, email: string): Promise<Call> {
  const call = session(base);
  const res = await call("POST", "/api/auth/sign-in/email", { email, password: DEMO_PASSWORD });
  if (res.status !== 200) throw new Error(`sign-in of ${email} failed: HTTP ${res.status}`);
  return call;
}

/** The same requests, counting every 5xx or unanswered one as an error. */
export function watched<A extends unknown[]>(send: (...args: A) => Promise<Answer>, errors: { n: number }) {
  return async (...args: A): Promise<Answer> => {
    const answer = await send(...args).catch(() => ({ status: 0, json: null }));
    if (answer.status === 0 || answer.status >= 500) errors.n++;
    return answer;
  };
}

/**
 * Two requests, one leaving `gap` ms after the other (the second one first when `secondFirst`); their
 * answers in the order given.
 */
export async function both(
  [one, two]: [() => Promise<Answer>, () => Promise<Answer>],
  { gap, secondFirst }: { gap: number; secondFirst: boolean },
): Promise<[Answer, Answer]> {
  const [lead, follow] = secondFirst ? [two, one] : [one, two];
  const led = lead();
  if (gap > 0) await setTimeout(gap);
  const followed = follow();
  const [x, y] = [await led, await followed];
  return secondFirst ? [y, x] : [x, y];
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

/**
 * The domain core on the drill's database, opened by the drill itself (stop an embedded database's server
 * first: its folder is locked), then closed. `env` adds to the server's configuration (e.g. Stripe's).
 */
export async function withServices<T>(
  db: Database,
  work: (core: Core, config: Config) => Promise<T>,
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
    async ({ services, runtime }) => {
      await services.orders.reconcile(0);
      return brokenMoneyInvariantsIn(runtime.db);
    },
    { env },
  );
}

/** The seeded accounts that sign in over HTTP, with the demo's password. */
export const DRILL_ADMIN = "admin@drill.test";
export const DRILL_SELLER = "seller@drill.test";
export interface Laptop {
  advertId: string;
  sellerId: string;
}

/**
 * Laptops for a drill to act on, `count` per lot, seeded before the server starts (one picture for all):
 * DRILL_SELLER's, or each of its own seller (who has no password), or each already reported by a buyer.
 * Only the two accounts that sign in get a real password hash (~0.1 s each).
 */
export function stockLaptops(
  db: Database,
  lots: { name: string; laptops?: "own seller" | "reported" }[],
  count: number,
): Promise<Map<string, Laptop[]>> {
  const seed = async (s: Core, config: Config) => {
    const hashing = createServices(config, s.runtime.database);
    await createUser(hashing, { name: "Drill Ada", email: DRILL_ADMIN, role: "admin" });
    const seller = await createUser(hashing, { name: "Drill Sam", email: DRILL_SELLER, role: "seller" });
    const reporter = await createUser(s, { name: "Drill Reporter", email: "reporter@drill.test" });
    const brand = await createBrand(s, "Drill");
    const imageKey = await s.services.media.put(await laptopPicture("Drill", 200), "webp");
    const stock = new Map<string, Laptop[]>();
    let n = 0;
    for (const lot of lots) {
      const laptops: Laptop[] = [];
      for (let i = 0; i < count; i++, n++) {
        const owner =
          lot.laptops === "own seller"
            ? await createUser(s, { name: `Drill Seller ${n}`, email: `seller${n}@drill.test`, role: "seller" })
            : seller;
        const name = `Drill laptop ${n}`;
        const advert = await createAdvert(s, {
          sellerId: owner.id,
          brandId: brand.id,
          name,
          resalePriceCents: 40_000,
          imageKey,
        });
        if (lot.laptops === "reported")
          await s.services.moderation.reports.report(reporter, {
            advertId: advert.id,
            reason: "Scam or fraud",
            details: undefined,
          });
        laptops.push({ advertId: advert.id, sellerId: owner.id });
      }
      stock.set(lot.name, laptops);
    }
    return stock;
  };
  return withServices(db, seed, { insecureFastHash: true });
}
