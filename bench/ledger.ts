/**
 * The ledger's cost: `npm run bench:ledger -- [--db both|postgres|pglite] [--sales 200] [--rounds 6] [--orders 1000000] [--samples 200] [--only writes|finance]`
 *  - writes: selling a laptop through the core — book, pay with the simulated card, hand over, "Everything is
 *    fine" — with the ledger and without, in alternating rounds on one database (10,000 adverts, seed/bulk.ts).
 *    "Without" touches no code: a rule makes every insert into ledger_entries do nothing
 *    (`CREATE RULE ledger_off … DO INSTEAD NOTHING`), dropped for the rounds with it. The reads of an order's
 *    balances that completing does stay in both (they find nothing without). Goal: with ≤ 10 % slower.
 *  - finance: admins' Finance at `orders` paid orders (PostgreSQL): ~1 M orders over 120 days with their ledger
 *    groups (pay; complete for 80 %), generated in SQL in batches, the finished days rolled up as the ledger job
 *    does, then `services.payouts.finance` `samples` times, p50/p99 (and a few calls before the roll-up). Goal: p99 < 100 ms.
 * Prints the figures and writes bench/results/<date>-ledger.md.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { rollUpLedgerDays } from "../core/ledger/index.ts";
import { orderNumberOf } from "../core/orders/index.ts";
import { openDatabase } from "../db/client.ts";
import { createScratchDatabase } from "../db/scratch-database.ts";
import { seedBulk } from "../seed/bulk.ts";
import { createUser } from "../seed/factories.ts";
import { historyLedgerOfMade } from "../seed/sales-history.ts";
import { loadConfig } from "../server/config.ts";
import { type Core, createServices, type Services } from "../server/services.ts";
import { BENCH_SECRET, type DatabaseKind, rowsOf, scratchServices } from "./fresh-database.ts";
import { argument } from "./processes.ts";

const kinds: DatabaseKind[] = ((db) => (db === "both" ? ["pglite", "postgres"] : [db as DatabaseKind]))(
  argument("db", "both"),
);
const SALES = Number(argument("sales", "200"));
const ROUNDS = Number(argument("rounds", "6"));
const ORDERS = Number(argument("orders", "1000000"));
const SAMPLES = Number(argument("samples", "200"));
const only = argument("only", "");
/** Sales at once, each chain its own buyer (a buyer holds one laptop at a time while paying). */
const CHAINS = 4;
const adminUrl = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";

type Account = Awaited<ReturnType<typeof createUser>>;
const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  return sorted.length % 2 ? (sorted[Math.floor(mid)] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0;

/** One sale through the core, as its people do it: book, pay, hand over, accept. */
async function sell(services: Services, buyer: Account, seller: Account, advertId: string) {
  const { id } = await services.orders.book(buyer, { advertId, meetingLocation: "Bench", phone: "0171234567" });
  const card = { number: "4242424242424242", expiry: "12 / 34", cvc: "123" };
  await services.orders.pay(buyer, id, card, `bench-${id}`);
  await services.orders.handOver(seller, id);
  await services.orders.accept(buyer, id);
}

/**
 * A round: SALES sales, CHAINS at a time. Sales per second, and this process's CPU per sale — the app and, on
 * the embedded database, the database itself: steadier than the rate on a shared machine.
 */
async function round(services: Services, buyers: Account[], laptops: { id: string; seller: Account }[]) {
  const began = performance.now();
  const cpu = process.cpuUsage();
  await Promise.all(
    buyers.map(async (buyer, chain) => {
      for (let i = chain; i < SALES; i += CHAINS) {
        const laptop = laptops.pop();
        if (!laptop) throw new Error("out of laptops: seed more adverts");
        await sell(services, buyer, laptop.seller, laptop.id);
      }
    }),
  );
  const used = process.cpuUsage(cpu);
  return { rate: SALES / ((performance.now() - began) / 1000), cpuMs: (used.user + used.system) / 1000 / SALES };
}

/** A fresh database of `kind` with 10,000 adverts (seed/bulk.ts), and how to remove it. */
async function freshDatabase(kind: DatabaseKind) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "relaptop-bench-ledger-"));
  const scratch = kind === "postgres" ? await createScratchDatabase(adminUrl, "relaptop_bench_ledger_writes") : null;
  const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: scratch?.url ?? "", AUTH_SECRET: BENCH_SECRET });
  const database = await openDatabase(config.database);
  const core = createServices(config, database, { insecureFastHash: true });
  await seedBulk(core, 10_000);
  return {
    core,
    async remove() {
      await database.close();
      await scratch?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function writes(kind: DatabaseKind) {
  const { core, remove } = await freshDatabase(kind);
  const { services } = core;
  const { db } = core.runtime;
  try {
    const buyers = await Promise.all(
      Array.from({ length: CHAINS }, (_, i) =>
        createUser(core, { name: `Bench buyer ${i}`, email: `buyer${i}@ledger-bench.test` }),
      ),
    );
    // The bulk sellers, as a session sees them (they never sign in here).
    const rows = rowsOf<{ id: string; seller_id: string; name: string; email: string }>(
      await db.execute(sql`select a.id, a.seller_id, u.name, u.email from adverts a join users u on u.id = a.seller_id
        where a.status = 'available' limit ${SALES * (ROUNDS * 2 + 1)}`),
    );
    const laptops = rows.map((r) => ({
      id: r.id,
      seller: {
        id: r.seller_id,
        name: r.name,
        email: r.email,
        role: "seller",
        verified: true,
        actingAsSeller: true,
        emailVerified: true,
        twoFactorEnabled: false,
      } as Account,
    }));
    await round(services, buyers, laptops); // warm-up, discarded
    const rates = { with: [] as number[], without: [] as number[] };
    const cpu = { with: [] as number[], without: [] as number[] };
    for (let r = 0; r < ROUNDS * 2; r++) {
      // with, without, without, with, …: each side leads as often, so a drift of the machine falls on both.
      const side = [1, 2].includes(r % 4) ? "without" : "with";
      if (side === "without")
        await db.execute(sql`create rule ledger_off as on insert to ledger_entries do instead nothing`);
      try {
        const { rate, cpuMs } = await round(services, buyers, laptops);
        rates[side].push(rate);
        cpu[side].push(cpuMs);
        console.log(
          `${kind} round ${r + 1}: ${side} the ledger, ${rate.toFixed(1)} sales/s, ${cpuMs.toFixed(1)} ms CPU a sale`,
        );
      } finally {
        if (side === "without") await db.execute(sql`drop rule ledger_off on ledger_entries`);
      }
    }
    const [written] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ledger_entries`));
    return { kind, ...rates, cpu, entries: written?.n ?? 0 };
  } finally {
    await remove();
  }
}

/** `n` paid orders over the last 120 days, 80 % final, with their ledger groups: set-based, 200,000 at a time. */
async function paidOrders(db: Core["runtime"]["db"], n: number) {
  const batch = 200_000;
  for (let done = 0; done < n; done += batch) {
    await db.execute(sql`
      with adverts_ as (select array_agg(id) as ids, count(*)::int as n from adverts where seller_id like 'bulk-%'),
      buyers as (select array_agg(id) as ids, count(*)::int as n from (select id from users where id like 'bulk-%' limit 5000) u),
      picked as (
        select k, a.ids[1 + k % a.n] as advert_id, b.ids[1 + (k / a.n) % b.n] as buyer_id,
          -- In time order, as a ledger is appended to: a batch covers its own stretch of the 120 days.
          now() - interval '120 days' + (k + random()) * (interval '120 days' / ${n}) as paid_at, random() < 0.8 as final
        from generate_series(${done}::bigint, ${Math.min(n, done + batch) - 1}::bigint) k, adverts_ a, buyers b
      ), made as (
        insert into orders (advert_id, seller_id, number, buyer_id, buyer_name, buyer_email, meeting_location, buyer_phone,
          price_cents, product_name, product_image_key, status, fee_basis_points, fee_fixed_cents, fee_cents, created_at, updated_at)
        select p.advert_id, ad.seller_id, ${orderNumberOf(sql`p.k + 1000000000`)}, p.buyer_id, 'Bench buyer', 'bench@bulk.relaptop.test',
          'Dhaka', '01700000000', ad.resale_price_cents, ad.name, ad.image_key,
          case when p.final then 'completed' else 'paid' end, 500, 0, round(ad.resale_price_cents * 0.05),
          p.paid_at - interval '2 hours', case when p.final then p.paid_at + interval '4 days' else p.paid_at end
        from (select k, advert_id, buyer_id, paid_at, final and paid_at < now() - interval '4 days' as final from picked) p
        join adverts ad on ad.id = p.advert_id
        where p.buyer_id <> ad.seller_id
        on conflict do nothing -- the rare buyer who has this laptop's order from seed:bulk's history already
        returning id, seller_id, price_cents, fee_cents, status, created_at, updated_at
      )
      ${historyLedgerOfMade}
      order by e.at`);
    console.log(`  ${Math.min(n, done + batch).toLocaleString("en-US")} orders`);
  }
  await db.execute(sql`analyze orders`);
  await db.execute(sql`analyze ledger_entries`);
}

async function finance() {
  const core = await scratchServices("relaptop_bench_ledger_finance", { insecureFastHash: true });
  const { services, close } = core;
  const { db } = core.runtime;
  try {
    let t = Date.now();
    await seedBulk(core, 20_000);
    await paidOrders(db, ORDERS);
    const seededSeconds = (Date.now() - t) / 1000;
    const [count] = rowsOf<{ orders: number; entries: number }>(
      await db.execute(
        sql`select (select count(*)::int from orders) as orders, (select count(*)::int from ledger_entries) as entries`,
      ),
    );
    const admin = await createUser(core, { name: "Bench Admin", email: "admin@ledger-bench.test", role: "admin" });
    const call = async () => {
      const began = performance.now();
      const reply = await services.payouts.finance(admin);
      if (!reply.check.balanced) throw new Error(`the ledger does not balance: ${reply.check.problems[0]}`);
      return performance.now() - began;
    };
    const before: number[] = [];
    for (let i = 0; i < 5; i++) before.push(await call());
    t = Date.now();
    const days = await rollUpLedgerDays(db);
    const rollUpSeconds = (Date.now() - t) / 1000;
    for (let i = 0; i < 10; i++) await call(); // warm-up
    const after: number[] = [];
    for (let i = 0; i < SAMPLES; i++) after.push(await call());
    // Where the time goes when the goal is missed: today's entries, summed as Finance sums the days not rolled up.
    const explained =
      pct(after, 0.99) < 100
        ? []
        : rowsOf<{ "QUERY PLAN": string }>(
            await db.execute(sql`explain (analyze, buffers)
              select ((created_at at time zone 'UTC')::date)::text, account, movement, sum(amount_cents)
              from ledger_entries where created_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'
              group by 1, 2, 3`),
          ).map((r) => r["QUERY PLAN"]);
    const [today] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from ledger_entries
        where created_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'`),
    );
    const orders = count?.orders ?? 0;
    const entries = count?.entries ?? 0;
    return { orders, entries, today: today?.n ?? 0, seededSeconds, before, days, rollUpSeconds, after, explained };
  } finally {
    await close();
  }
}

const results = [];
if (only !== "finance") for (const kind of kinds) results.push(await writes(kind));
const financed = only === "writes" ? null : await finance();

const n = (x: number) => x.toLocaleString("en-US");
const lines = [`# The ledger's cost — ${new Date().toISOString().slice(0, 16)} UTC`, ""];
if (results.length > 0) {
  lines.push(
    `## Selling with the ledger and without (${ROUNDS} rounds each, alternating, ${SALES} sales a round, ${CHAINS} at a time)`,
    "",
    'Each sale through the core: book, pay (simulated card), hand over, "Everything is fine" — the ledger writes its `pay` and `complete` groups. ' +
      "Without: `CREATE RULE ledger_off AS ON INSERT TO ledger_entries DO INSTEAD NOTHING` for those rounds; the balance read before `complete` remains (it finds nothing).",
    "",
    "| database | with (median sales/s) | without | time per sale, with ÷ without | this process's CPU per sale, with / without (median) | rounds with (sales/s) | rounds without |",
    "|---|---|---|---|---|---|---|",
    ...results.map((r) => {
      const ratio = median(r.without) / median(r.with);
      const cpuRatio = median(r.cpu.with) / median(r.cpu.without);
      return `| ${r.kind === "pglite" ? "embedded (PGlite, in this process)" : "PostgreSQL"} | ${median(r.with).toFixed(1)} | ${median(r.without).toFixed(1)} | ${ratio.toFixed(3)} (${((ratio - 1) * 100).toFixed(1)} % slower) | ${median(r.cpu.with).toFixed(1)} / ${median(r.cpu.without).toFixed(1)} ms (${((cpuRatio - 1) * 100).toFixed(1)} %) | ${r.with.map((x) => x.toFixed(1)).join(", ")} | ${r.without.map((x) => x.toFixed(1)).join(", ")} |`;
    }),
    "",
    `Goal: with the ledger at most 10 % slower — by the rate ${results.every((r) => median(r.without) / median(r.with) <= 1.1) ? "met" : "NOT MET"}, by CPU per sale ${results.every((r) => median(r.cpu.with) / median(r.cpu.without) <= 1.1) ? "met" : "NOT MET"}. Load average ${os.loadavg()[0]?.toFixed(1)} at the end (${os.cpus().length} cores).`,
    "",
  );
}
if (financed) {
  lines.push(
    `## Finance at ${n(financed.orders)} orders (PostgreSQL)`,
    "",
    `${n(financed.orders)} paid orders over 120 days (80 % final), ${n(financed.entries)} ledger entries, generated in SQL in ${financed.seededSeconds.toFixed(0)} s (with 20,000 adverts).`,
    "",
    "| measure | p50 | p99 |",
    "|---|---|---|",
    `| Finance before any day is rolled up (${financed.before.length} calls) | ${median(financed.before).toFixed(1)} ms | ${pct(financed.before, 0.99).toFixed(1)} ms |`,
    `| rolling up ${financed.days} days (once) | ${financed.rollUpSeconds.toFixed(1)} s | |`,
    `| Finance after (\`services.payouts.finance\`, ${financed.after.length} calls) | ${median(financed.after).toFixed(1)} ms | ${pct(financed.after, 0.99).toFixed(1)} ms |`,
    "",
    `Goal: p99 < 100 ms — ${pct(financed.after, 0.99) < 100 ? "met" : "NOT MET"}. After the roll-up Finance reads the day totals, and sums from the entries only today's (${n(financed.today)} entries), once for both the figures and the check. Load average ${os.loadavg()[0]?.toFixed(1)} at the end (${os.cpus().length} cores).`,
    "",
    ...(financed.explained.length
      ? ["Today's entries summed, as Finance does (EXPLAIN ANALYZE):", "", "```", ...financed.explained, "```", ""]
      : []),
  );
}
const report = lines.join("\n");
console.log(report);
fs.mkdirSync("bench/results", { recursive: true });
fs.writeFileSync(`bench/results/${new Date().toISOString().slice(0, 16).replace(/[T:]/g, "-")}-ledger.md`, report);
