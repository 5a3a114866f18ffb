/**
 * Cluster: the deployed topology, all on this machine and started by the drill — Debian's nginx balancing
 * three app processes, a worker working the job queue, PostgreSQL with a streaming replica (pg_basebackup,
 * another port), Redis, S3-compatible storage (s3rver). Under 200 connections of mixed traffic (browsing,
 * search, signing in, booking, paying, posting with photos) for 60 s (10 s short):
 * - a price changed through one process is served by every process within 100 ms;
 * - a photo uploaded through one is served by every one;
 * - the login throttle answers 429 at the same try whichever process gets it, X-Forwarded-For or not;
 * - kill -9 of one app: idempotent requests are retried by nginx, nothing committed is lost, and a POST
 *   that failed got a clear error;
 * - a rolling restart of all three with SIGTERM fails no request;
 * - the replica stopped mid-run: reads fall back to the primary, no errors;
 * - afterwards the money adds up, as in every other drill.
 */
import type { ChildProcess } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { count, inArray } from "drizzle-orm";
import { emailOutbox } from "../../db/schema/index.ts";
import { laptopPicture } from "../../seed/demo-images.ts";
import { until } from "../processes.ts";
import { missingParts, startNginx, startRedis, startS3 } from "./cluster-parts.ts";
import { startReplica, stopReplica } from "./replica.ts";
import {
  type Answer,
  booking,
  brokenMoneyInvariants,
  buyer,
  type Call,
  card,
  check,
  DRILL_SELLER,
  healthy,
  postgres,
  signIn,
  startServer,
  stockLaptops,
  stop,
  withServices,
} from "./support.ts";

const NGINX = 3520;
const APPS = [3521, 3522, 3523];
const WORKER = 3524;
const REDIS = 3530;
const REPLICA = 3532;
const CONNECTIONS = 200;
const BUYERS = 10;
const SIGN_INS = 10;
const POSTERS = 4;

/** Every answer of the mixed traffic, by kind: what failed and when. */
interface Tally {
  ok: number;
  failed: { what: string; status: number; at: number }[];
}

export async function clusterDrill({ short }: { short: boolean }) {
  const missing = missingParts();
  if (missing.length > 0) {
    console.log(`cluster: skipped (missing: ${missing.join(", ")})`);
    return;
  }
  const db = await postgres("cluster");
  const seconds = short ? 10 : 60;
  console.log(
    `cluster: nginx → ${APPS.length} app processes + a worker, PostgreSQL + streaming replica, Redis, S3; ` +
      `${CONNECTIONS} connections for ${seconds} s`,
  );
  const parts: { stop(): Promise<void> }[] = [];
  const apps = new Map<number, ChildProcess>();
  let worker: ChildProcess | undefined;
  try {
    const redis = await startRedis(REDIS);
    parts.push(redis);
    const s3 = await startS3();
    parts.push(s3);
    const replica = await startReplica({ primaryUrl: db.env.DATABASE_URL as string, port: REPLICA });
    parts.push({ stop: () => stopReplica(replica) });
    const base = `http://127.0.0.1:${NGINX}`;
    const env = {
      ...db.env,
      ...s3.env,
      REDIS_URL: redis.url,
      DATABASE_REPLICA_URL: replica.url,
      PUBLIC_URL: base,
      // Pages point at the images through nginx, straight from the bucket (deploy/nginx.conf's /images/).
      MEDIA_PUBLIC_URL: `${base}/images`,
      TRUST_PROXY: "1",
      RUN_JOBS: "false",
      SHUTDOWN_DRAIN_MS: "1000",
      SEED_DEMO: "false",
    };
    const stock = await stockLaptops({ ...db, env }, [{ name: "shop" }], BUYERS);
    const startApp = (port: number) => {
      apps.set(port, startServer(env, port));
      return healthy(port, 60_000);
    };
    check((await Promise.all(APPS.map(startApp))).every(Boolean), "three app processes start on one database");
    worker = startServer({ ...env, RUN_JOBS: "true" }, WORKER, ["--worker"]);
    const nginx = await startNginx(APPS, NGINX, s3.host);
    parts.push(nginx);
    check(await healthy(NGINX), "nginx balances them");

    const seller = await signIn(base, DRILL_SELLER);
    const brandId = await drillBrand(base);
    const photo = new Blob([new Uint8Array(await laptopPicture("Cluster", 30))], { type: "image/webp" });
    const advertForm = (name: string, price: number) => {
      const form = new FormData();
      for (const [k, v] of Object.entries({
        name,
        brandId,
        originalPrice: "1200",
        resalePrice: String(price),
        yearsOfUse: "2",
        location: "Dhaka",
        mobile: "01711111111",
        description: "Posted during the cluster drill.",
        condition: "good",
      }))
        form.append(k, v);
      form.append("photos", photo, "photo.webp");
      return form;
    };

    // What every process serves, straight from it (no balancer between).
    const fromEach = (url: string) =>
      Promise.all(APPS.map((port) => fetch(`http://127.0.0.1:${port}${url}`).catch(() => null)));

    // ── Shared state, checked while nothing else runs ──
    const posted = await seller("POST", "/api/adverts", advertForm("Cluster ThinkPad", 500));
    const advertId = posted.json?.id as string;
    check(posted.status === 201, `a laptop with a photo is posted through nginx (HTTP ${posted.status})`);
    // Every process points at the photo (MEDIA_PUBLIC_URL: nginx's /images/, from the bucket), and it is there.
    const photos = await Promise.all(
      APPS.map(async (port) => {
        const res = await fetch(`http://127.0.0.1:${port}/api/adverts/${advertId}`).catch(() => null);
        const url = ((await res?.json().catch(() => null)) as { photoUrls?: string[] } | null)?.photoUrls?.[0];
        const image = url ? await fetch(url).catch(() => null) : null;
        return image?.ok && image.headers.get("content-type")?.startsWith("image/")
          ? "ok"
          : `${url} → ${image?.status}`;
      }),
    );
    check(
      photos.every((p) => p === "ok"),
      `its photo is served to the pages of every process, from the bucket through nginx (${photos.join(", ")})`,
    );
    await fromEach(`/api/adverts/${advertId}`); // each process caches the old price for visitors
    const priceSpread = await priceChangeSeenEverywhere(seller, advertId, advertForm);
    check(
      priceSpread !== null && priceSpread <= 100,
      `a price changed through one process is served by all three within 100 ms (${priceSpread ?? "never"} ms)`,
    );
    const throttle = await throttleAnswers(base);
    check(
      throttle.every((status, i) => (i < 5 ? status === 401 : status === 429)),
      `the login throttle answers 429 at the 6th failed try, over three processes and a new X-Forwarded-For each time (${throttle.join(" ")})`,
    );

    // The buyers sign up before the traffic starts: a sign-up still running when a process is killed (a slow
    // machine's password hashing under load) would be one of the kill's cut-off POSTs, not a shopper.
    const shoppers = await Promise.all((stock.get("shop") ?? []).map((_, i) => buyer(base, `cluster${i}`)));

    // ── Mixed traffic, and what happens to it ──
    const tally: Tally = { ok: 0, failed: [] };
    let running = true;
    const start = Date.now();
    const record = (what: string, answer: Answer, ok: (status: number) => boolean) => {
      if (ok(answer.status)) tally.ok++;
      else tally.failed.push({ what, status: answer.status, at: Date.now() - start });
    };
    const loops = [
      ...Array.from({ length: CONNECTIONS - BUYERS - SIGN_INS - POSTERS }, (_, i) =>
        browse(base, i, record, () => running),
      ),
      ...(stock.get("shop") ?? []).map((laptop, i) =>
        shop(shoppers[i] as Awaited<ReturnType<typeof buyer>>, laptop.advertId, record, () => running),
      ),
      ...Array.from({ length: SIGN_INS }, () => signInLoop(base, record, () => running)),
      ...Array.from({ length: POSTERS }, (_, i) =>
        postLoop(
          seller,
          (n) => advertForm(`Cluster laptop ${i}.${n}`, 450),
          record,
          () => running,
        ),
      ),
    ];
    const phase = async (name: string, act: () => Promise<void>) => {
      const from = tally.failed.length;
      const began = Date.now() - start;
      await act();
      return { name, failures: tally.failed.slice(from).filter((f) => f.at >= began) };
    };
    const third = (seconds * 1000) / 4;
    await sleep(third);

    // kill -9 one app process, then bring it back.
    const killed = await phase("kill -9", async () => {
      const victim = apps.get(APPS[1] as number) as ChildProcess;
      victim.kill("SIGKILL");
      await sleep(500);
      await startApp(APPS[1] as number);
    });
    const postsFailed = killed.failures.filter((f) => f.what.startsWith("POST"));
    const getsFailed = killed.failures.filter((f) => !f.what.startsWith("POST"));
    check(
      getsFailed.length === 0,
      `kill -9: every idempotent request was answered (nginx retried them) (${getsFailed.length} failed)`,
    );
    check(
      postsFailed.every((f) => f.status === 502),
      `kill -9: a POST that was cut off got nginx's clear 502, never a hang (${postsFailed.length} cut off: ${[...new Set(postsFailed.map((f) => f.status))].join(", ") || "none"})`,
    );
    await sleep(third / 2);

    // Rolling restart: each in turn drains (SIGTERM) and is replaced before the next.
    const rolling = await phase("rolling restart", async () => {
      for (const port of APPS) {
        await stop(apps.get(port) as ChildProcess);
        await startApp(port);
      }
    });
    check(
      rolling.failures.length === 0,
      `a rolling restart of all three with SIGTERM fails no request (${describe(rolling.failures)})`,
    );
    // Why, in nginx's words (a reset or closed upstream connection, and on which request).
    if (rolling.failures.length > 0) {
      // A refused connection is retried (it never reached a process): the others are the failures' causes.
      const causes = nginx
        .said()
        .split("\n")
        .filter(
          (l) => l.includes("upstream") && !l.includes("connect() failed") && !l.includes("temporarily disabled"),
        );
      for (const line of causes.slice(-5)) {
        console.log(`       nginx: ${line.slice(0, 300)}`);
      }
    }

    // The replica goes away mid-run: catalogue reads go to the primary.
    const replicaDown = await phase("replica stopped", async () => {
      await replica.pause();
      await sleep(third / 2);
    });
    check(
      replicaDown.failures.length === 0,
      `the replica stopped mid-run: reads fall back to the primary, no errors (${describe(replicaDown.failures)})`,
    );
    running = false;
    await Promise.all(loops);
    const other = tally.failed.filter((f) => ![killed, rolling, replicaDown].some((p) => p.failures.includes(f)));
    console.log(
      `  ${tally.ok} requests answered in ${Math.round((Date.now() - start) / 1000)} s; ${tally.failed.length} failed in all`,
    );
    check(other.length === 0, `no request failed outside those moments (${describe(other)})`);
    // The app processes run with RUN_JOBS=false: only the worker takes the emails the sales queued.
    const emails = await withServices({ ...db, env }, async ({ runtime: { db: sql } }) => {
      const waiting = async () =>
        Number(
          (
            await sql
              .select({ n: count() })
              .from(emailOutbox)
              .where(inArray(emailOutbox.status, ["pending", "sending"]))
          )[0]?.n,
        );
      const settled = await until(async () => (await waiting()) === 0, 60_000);
      const [all] = await sql.select({ n: count() }).from(emailOutbox);
      return { settled, all: Number(all?.n) };
    });
    check(emails.settled && emails.all > 0, `the worker process handled every email the traffic wrote (${emails.all})`);
  } finally {
    await Promise.all([...apps.values()].map((app) => stop(app)));
    if (worker) await stop(worker);
    for (const part of parts.reverse()) await part.stop().catch(() => {});
  }
  const broken = await brokenMoneyInvariants(db, { MEDIA_STORAGE: "disk" });
  check(broken.length === 0, `the money adds up: ${broken.join("; ") || "every sale, payment and refund agrees"}`);
  await db.drop();
}

const describe = (failures: Tally["failed"]) =>
  failures.length === 0
    ? "none"
    : `${failures.length}: ${[...new Set(failures.slice(0, 5).map((f) => `${f.what} → ${f.status}`))].join(", ")}`;

async function drillBrand(base: string): Promise<string> {
  const { brands } = (await (await fetch(`${base}/api/brands`)).json()) as { brands: { id: string; name: string }[] };
  const brand = brands.find((b) => b.name === "Drill");
  if (!brand) throw new Error("the drill's brand is missing");
  return brand.id;
}

/** Milliseconds from the edit's answer until all three processes serve the new price to visitors. */
/**
 * How long after the change a request to some process could still get the old price: the latest moment, in ms
 * after the edit was answered, at which a request that got the old price was sent. Each process is asked every
 * 10 ms without waiting for earlier answers, so a slow answer on a busy machine does not count as staleness —
 * only an old price asked for late does. Null when some process never served the new price within 2 s.
 */
async function priceChangeSeenEverywhere(
  seller: Call,
  advertId: string,
  form: (name: string, price: number) => FormData,
): Promise<number | null> {
  const edited = await seller("PUT", `/api/adverts/${advertId}`, form("Cluster ThinkPad", 455));
  if (edited.status !== 204) return null;
  const changed = Date.now();
  const priceAt = async (port: number) => {
    const sent = Date.now() - changed;
    const res = await fetch(`http://127.0.0.1:${port}/api/adverts/${advertId}`).catch(() => null);
    const advert = (await res?.json().catch(() => null)) as { resalePriceCents?: number } | null;
    return { sent, fresh: advert?.resalePriceCents === 45_500 };
  };
  const spreads = await Promise.all(
    APPS.map(async (port) => {
      const asked: Promise<{ sent: number; fresh: boolean }>[] = [];
      // Ask until an answer with the new price is in hand, for 2 s at most.
      let seen = false;
      while (!seen && Date.now() - changed < 2_000) {
        const answer = priceAt(port);
        asked.push(answer);
        void answer.then((a) => {
          if (a.fresh) seen = true;
        });
        await sleep(10);
      }
      const answers = await Promise.all(asked);
      if (!answers.some((a) => a.fresh)) return null;
      return Math.max(0, ...answers.filter((a) => !a.fresh).map((a) => a.sent));
    }),
  );
  return spreads.some((s) => s === null) ? null : Math.max(...(spreads as number[]));
}

/** Seven wrong passwords for one account through nginx, each claiming another client address. */
async function throttleAnswers(base: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < 7; i++) {
    const res = await fetch(`${base}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { origin: base, "content-type": "application/json", "x-forwarded-for": `203.0.113.${i + 1}` },
      body: JSON.stringify({ email: "reporter@drill.test", password: `wrong-${i}` }),
    });
    statuses.push(res.status);
  }
  return statuses;
}

type Record = (what: string, answer: Answer, ok: (status: number) => boolean) => void;
const success = (status: number) => status >= 200 && status < 400;

/** A visitor browsing and searching: pages and the catalogue API. */
async function browse(base: string, i: number, record: Record, running: () => boolean) {
  const paths = [
    "/",
    "/allAdd?condition=good",
    "/api/adverts?sort=price_asc",
    "/api/adverts?q=drill",
    "/api/brands",
    "/allAdd?q=laptop",
  ];
  for (let n = i; running(); n++) {
    const path = paths[n % paths.length] as string;
    const res = await fetch(`${base}${path}`).catch(() => null);
    await res?.arrayBuffer().catch(() => null);
    record(`GET ${path}`, { status: res?.status ?? 0, json: null }, success);
  }
}

/**
 * A buyer booking, paying and cancelling (refunded) a laptop of their own, again and again. Each step must
 * succeed — except right after a step was cut off by a killed process: that step may have been saved, so the
 * buyer's next try can be refused as already done (409), and the buyer carries on from the order as it is.
 * A payment or a cancellation cut off while the provider held the money leaves the order `paying` or
 * `refunding` (whether the money moved is not known yet): the reconciler settles it within a minute, and
 * until then every step of this buyer's is refused, rightly, so they shop no more.
 */
async function shop(call: Call, advertId: string, record: Record, running: () => boolean) {
  let cutOff = false;
  const step = async (what: string, send: Promise<Answer>, ok: number) => {
    const answer = await send.catch(() => ({ status: 0, json: null }));
    const moneyInFlight =
      answer.status === 409 && (await orderIn(call, advertId, ["paying", "refunding"])) !== undefined;
    record(what, answer, (s) => s === ok || (cutOff && s === 409) || moneyInFlight);
    cutOff = answer.status === 502 || answer.status === 0;
    return { ...answer, moneyInFlight };
  };
  while (running()) {
    const booked = await step(BOOK, call("POST", "/api/orders", booking(advertId)), 201);
    if (booked.moneyInFlight) return;
    const id = booked.json?.id ?? (await orderIn(call, advertId, ["booked", "paying", "paid"]));
    if (!id) continue;
    if ((await step("POST pay", call("POST", `/api/orders/${id}/pay`, card(id)), 200)).moneyInFlight) return;
    if ((await step("POST cancel", call("POST", `/api/orders/${id}/cancel`), 200)).moneyInFlight) return;
  }
}

const BOOK = "POST /api/orders";

/** The buyer's order of this laptop in one of `statuses`, if a cut-off request left one. */
async function orderIn(call: Call, advertId: string, statuses: string[]): Promise<string | undefined> {
  const list = await call("GET", "/api/orders").catch(() => null);
  const mine = (list?.json?.orders ?? []) as { id: string; advertId?: string; status: string }[];
  return mine.find((o) => o.advertId === advertId && statuses.includes(o.status))?.id;
}

/** Someone signing in with the right password, again and again (the throttle must not count these). */
async function signInLoop(base: string, record: Record, running: () => boolean) {
  while (running()) {
    const res = await fetch(`${base}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { origin: base, "content-type": "application/json" },
      body: JSON.stringify({ email: DRILL_SELLER, password: "Passw0rd!" }),
    }).catch(() => null);
    await res?.arrayBuffer().catch(() => null);
    record("POST sign-in", { status: res?.status ?? 0, json: null }, (s) => s === 200);
  }
}

/** A seller posting laptops with a photo. */
async function postLoop(seller: Call, form: (n: number) => FormData, record: Record, running: () => boolean) {
  for (let n = 0; running(); n++) {
    const res = await seller("POST", "/api/adverts", form(n)).catch(() => ({ status: 0, json: null }));
    record("POST /api/adverts", res, (s) => s === 201);
  }
}
