/**
 * The sale's timers at scale: `npm run bench:deadlines -- [--adverts 1000000] [--due 10000] [--samples 200]`
 * A fresh database on DATABASE_URL's PostgreSQL server with N adverts (seed/bulk.ts, its sales history
 * included), then `due` orders whose deadline has passed — half unpaid bookings (they close), half handed over
 * (their protection window ends) — set-based. Then:
 *  - the deadlines job's own code applying all of them (core/orders/apply-deadlines.ts), against a ceiling
 *    measured in the same run on the same orders: the least any job must do (one UPDATE of their status and
 *    one INSERT of their events, in one transaction, no notices). The goal: 10,000 in under 10 s at 1 M adverts;
 *  - the reminders a day before, for as many orders;
 *  - completing one order as its buyer does ("Everything is fine": lock, transition, notice), `samples` times.
 * Prints the figures and writes bench/results/<date>-deadlines.md.
 */
import fs from "node:fs";
import { sql } from "drizzle-orm";
import { accept, applyDueDeadlines, sendDueReminders } from "../core/orders/index.ts";
import { rowsOf, seededScratchServices } from "./fresh-database.ts";
import { argument } from "./processes.ts";

const advertCount = Number(argument("adverts", "1000000"));
const due = Number(argument("due", "10000"));
const samples = Number(argument("samples", "200"));

const { services, runtime, close } = await seededScratchServices("relaptop_bench_deadlines", advertCount);
const { db } = runtime;
const seconds = (since: number) => (Date.now() - since) / 1000;

let t: number;

/**
 * `n` orders on available laptops, bought by bulk accounts, in `status` with a deadline `hoursAgo` in the past
 * (handed-over ones on laptops marked sold, as a sale leaves them), set-based; returns their ids.
 */
async function dueOrders(n: number, status: "booked" | "handed_over", deadlineHoursAgo: number) {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      with picked as (
        select a.id, a.seller_id, a.name, a.image_key, a.resale_price_cents, row_number() over () as k
        from adverts a where a.status = 'available'
          and not exists (select 1 from orders o where o.advert_id = a.id)
        limit ${n}
      ), buyers as (select array_agg(id) as ids, count(*)::int as m from (select id from users where id like 'bulk-%' limit 5000) u),
      made as (
        insert into orders (advert_id, seller_id, number, buyer_id, buyer_name, buyer_email, meeting_location, buyer_phone,
          price_cents, product_name, product_image_key, status, handed_over_at, deadline_at)
        select p.id, p.seller_id, 'RL-B' || upper(substr(md5(random()::text || p.id::text), 1, 8)),
          b.ids[1 + (p.k % b.m)::int], 'Bench buyer', 'bench@bulk.relaptop.test', 'Dhaka', '01700000000',
          p.resale_price_cents, p.name, p.image_key, ${status},
          case when ${status} = 'handed_over' then now() - interval '80 hours' end,
          now() - make_interval(hours => ${deadlineHoursAgo})
        from picked p, buyers b
        where b.ids[1 + (p.k % b.m)::int] <> p.seller_id
        returning id, advert_id
      ), sold as (
        update adverts set status = 'sold' where ${status} = 'handed_over' and id in (select advert_id from made)
      )
      select id from made`),
  );
  return rows.map((r) => r.id);
}

async function freshDueOrders() {
  await db.execute(sql`update orders set deadline_at = null where deadline_at is not null`);
  const booked = await dueOrders(due / 2, "booked", 1);
  const handedOver = await dueOrders(due / 2, "handed_over", 1);
  await db.execute(sql`analyze orders`);
  return [...booked, ...handedOver];
}

// The ceiling: the least any job applying these deadlines must do, on the same kind of orders.
let ids = await freshDueOrders();
t = Date.now();
await db.transaction(async (tx) => {
  const moved = rowsOf<{ id: string; status: string }>(
    await tx.execute(sql`
      update orders set status = case status when 'booked' then 'closed' else 'completed' end, deadline_at = null
      where deadline_at <= now() and status in ('booked', 'handed_over') returning id, status`),
  );
  await tx.execute(sql`
    insert into order_events (order_id, from_status, to_status, transition)
    select id, 'x', 'y', 'bench' from orders where id = any(${`{${moved.map((m) => m.id).join(",")}}`}::uuid[])`);
});
const ceilingSeconds = seconds(t);

// The job, on as many fresh due orders.
ids = await freshDueOrders();
t = Date.now();
const applied = await applyDueDeadlines(db, services.orders.finishRefund);
const jobSeconds = seconds(t);
const [notices] = rowsOf<{ n: number }>(
  await db.execute(
    sql`select count(*)::int as n from notifications where kind in ('order.expired', 'order.completed')`,
  ),
);
console.log(`job: ${applied} deadlines applied in ${jobSeconds.toFixed(2)} s (ceiling ${ceilingSeconds.toFixed(2)} s)`);

// Reminders: as many orders a day from their deadline.
await db.execute(sql`update orders set deadline_at = now() + interval '12 hours', reminded_for = null,
  status = 'handed_over' where id = any(${`{${ids.join(",")}}`}::uuid[])`);
t = Date.now();
const reminded = await sendDueReminders(db);
const reminderSeconds = seconds(t);

// Completing one order as its buyer does, one at a time.
const sampleOrders = rowsOf<{ id: string; buyer_id: string }>(
  await db.execute(
    sql`select id, buyer_id from orders where id = any(${`{${ids.join(",")}}`}::uuid[]) limit ${samples}`,
  ),
);
const completing: number[] = [];
for (const o of sampleOrders) {
  const buyer = { id: o.buyer_id, name: "Bench buyer", email: "bench@bulk.relaptop.test", role: "user" } as Parameters<
    typeof accept
  >[1];
  const began = performance.now();
  await accept(db, buyer, o.id);
  completing.push(performance.now() - began);
}
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0;

const report = [
  `# The sale's timers — ${new Date().toISOString().slice(0, 16)} UTC, PostgreSQL`,
  "",
  `${advertCount.toLocaleString("en-US")} adverts (seed/bulk.ts, with its sales history); ${due.toLocaleString("en-US")} orders past their deadline, half unpaid bookings, half protection windows.`,
  "",
  "| measure | figure | ceiling (same run) | ratio |",
  "|---|---|---|---|",
  `| deadlines job: ${applied.toLocaleString("en-US")} applied (status, event, ${notices?.n.toLocaleString("en-US")} notices + emails) | ${jobSeconds.toFixed(2)} s | ${ceilingSeconds.toFixed(2)} s (one UPDATE + one INSERT) | ${(jobSeconds / ceilingSeconds).toFixed(1)} × |`,
  `| reminders: ${reminded.toLocaleString("en-US")} sent | ${reminderSeconds.toFixed(2)} s | | |`,
  `| completing one order ("Everything is fine"), ${sampleOrders.length} samples | p50 ${pct(completing, 0.5).toFixed(1)} ms, p95 ${pct(completing, 0.95).toFixed(1)} ms | | |`,
  "",
  `Goal: 10,000 deadlines in under 10 s at 1 M adverts — ${jobSeconds < (10 * applied) / 10_000 ? "met" : "NOT MET"} (${((jobSeconds / applied) * 10_000).toFixed(1)} s per 10,000 here).`,
  "",
].join("\n");
console.log(report);
fs.mkdirSync("bench/results", { recursive: true });
fs.writeFileSync(`bench/results/${new Date().toISOString().slice(0, 16).replace(/[T:]/g, "-")}-deadlines.md`, report);
await close();
