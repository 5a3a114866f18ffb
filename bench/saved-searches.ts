/**
 * Saved-search alerts at scale: `npm run bench:saved-searches -- --adverts 1000000 --searches 100000 [--samples 30]`
 * A fresh database on DATABASE_URL's PostgreSQL server with N adverts (seed/bulk.ts) and one saved search
 * each for M people, seeded set-based with a realistic mix of filters. Then:
 *  - matching: `samples` new adverts published one at a time, each matched against every saved search by
 *    the job's own code (the SQL statement alone, and the whole job with its notifications and emails);
 *  - the daily digest for M people, each with new matches waiting.
 * Prints the figures and writes bench/results/<date>-saved-searches.md.
 */
import fs from "node:fs";
import { sql } from "drizzle-orm";
import { cpuPattern } from "../core/catalogue/index.ts";
import { countMatchingSearches, withoutJit } from "../core/saved-searches/index.ts";
import { rowsOf, seededScratchServices } from "./fresh-database.ts";
import { argument } from "./processes.ts";

const advertCount = Number(argument("adverts", "100000"));
const searchCount = Number(argument("searches", "10000"));
const samples = Number(argument("samples", "30"));

const { services, runtime, close } = await seededScratchServices("relaptop_bench_saved_searches", advertCount);
const { db } = runtime;
const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);

let t: number;

// People and their saved searches, set-based. Like people's own: most name a brand (85 %) and a price
// ceiling (85 %, between $300 and $3,400; half with a floor a few hundred below), 70 % some words (model
// names, a few misspelt), some RAM, a condition or a town, and some the spec filters /allAdd reads from
// words and controls (a processor family 20 %, a tier, battery health, a screen range, SSD, years of use
// 10 % each, verified sellers only 5 %); 70 % instant, 25 % daily, 5 % off.
const families = ["i5", "i7", "ryzen 5", "ryzen 7", "m1", "m2"];
const textArray = (values: (string | null)[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}::text`),
    sql`, `,
  )}]`;
const patterns = families.map((f) => cpuPattern(f) ?? null);
t = Date.now();
await db.execute(sql`
  insert into users (id, name, email, role)
  select 'saver-' || g, 'Saver ' || g, 'saver' || g || '@bench.relaptop.test', 'user'
  from generate_series(1, ${searchCount}) g`);
await db.execute(sql`
  insert into saved_searches (user_id, name, q, brand_id, min_price_cents, max_price_cents, condition, location,
    min_ram_gb, min_storage_gb, cpu, cpu_pattern, tier, min_battery_health, min_screen_inches, max_screen_inches,
    storage_type, max_years_of_use, verified_sellers_only, sort, alerts)
  select 'saver-' || g, 'Search ' || g,
    case when r1 < 0.7 then (array['thinkpad','xps','zenbook','yoga','legion','swift','spectre','elitebook','thinkpd','zenbok','i7','ryzen','air','carbon','aspire','inspiron'])[1 + (g % 16)] end,
    case when r2 < 0.85 then (array(select id from brands order by id))[1 + (g % (select count(*) from brands)::int)] end,
    case when r3 < 0.5 then (150 + floor(r7 * 2500)::int) * 100 end,
    case when r3 < 0.85 then (300 + floor(r7 * 2500)::int + floor(random() * 600)::int) * 100 end,
    case when r4 < 0.15 then (array['excellent','good','Fair'])[1 + (g % 3)] end,
    case when r4 > 0.85 then (array['Dhaka','Chattogram','Sylhet','Khulna'])[1 + (g % 4)] end,
    case when r5 < 0.4 then (array[8,16,32])[1 + (g % 3)] end,
    case when r5 > 0.8 then 512 end,
    case when r8 < 0.2 then (${textArray(families)})[1 + (g % ${families.length})] end,
    case when r8 < 0.2 then (${textArray(patterns)})[1 + (g % ${families.length})] end,
    case when r9 < 0.1 then 2 + (g % 3) end,
    case when r9 >= 0.1 and r9 < 0.2 then 80 + 10 * (g % 2) end,
    case when r9 >= 0.2 and r9 < 0.3 then (array[13, 15])[1 + (g % 2)] end,
    case when r9 >= 0.2 and r9 < 0.3 then (array[14, 16])[1 + (g % 2)] end,
    case when r9 >= 0.3 and r9 < 0.4 then 'SSD' end,
    case when r9 >= 0.4 and r9 < 0.5 then 1 + (g % 3) end,
    r9 >= 0.5 and r9 < 0.55,
    'newest',
    case when r6 < 0.7 then 'instant' when r6 < 0.95 then 'daily' else 'off' end
  from (select g, random() r1, random() r2, random() r3, random() r4, random() r5, random() r6, random() r7,
          random() r8, random() r9
        from generate_series(1, ${searchCount}) g) s`);
await db.execute(sql`analyze saved_searches`);
console.log(`${searchCount.toLocaleString("en-US")} people with a saved search each in ${seconds(t)} s`);

// Matching: new adverts (copies of random existing ones, by a new seller) published one at a time.
const [seller] = rowsOf<{ id: string }>(await db.execute(sql`select id from users where role = 'seller' limit 1`));
const statement: number[] = [];
const job: number[] = [];
const matchedCounts: number[] = [];
for (let i = 0; i < samples; i++) {
  const [advert] = rowsOf<{ id: string }>(
    await db.execute(sql`
      insert into adverts (seller_id, brand_id, name, image_key, photo_keys, original_price_cents, resale_price_cents,
        years_of_use, location, mobile, description, condition, processor, ram_gb, storage_gb, storage_type,
        performance_tier, screen_inches, battery_health)
      select ${seller?.id}, brand_id, name, image_key, photo_keys, original_price_cents, resale_price_cents, years_of_use,
        location, mobile, description, condition, processor, ram_gb, storage_gb, storage_type,
        performance_tier, screen_inches, battery_health
      from adverts where status = 'available' offset floor(random() * 1000) limit 1
      returning id`),
  );
  if (!advert) throw new Error("no advert to copy");
  // The statement alone, rolled back (EXPLAIN ANALYZE would add its own overhead).
  const started = performance.now();
  await db
    .transaction(async (tx) => {
      await withoutJit(tx); // as the job runs it
      const [row] = rowsOf<{ n: number }>(await tx.execute(countMatchingSearches(advert.id)));
      matchedCounts.push(row?.n ?? 0);
    })
    .catch(() => {});
  statement.push(performance.now() - started);
  await db.execute(sql`insert into advert_publications (advert_id) values (${advert.id})`);
  const jobStarted = performance.now();
  await services.savedSearches.matchNow();
  job.push(performance.now() - jobStarted);
}
// Where the time goes, for one advert (the plan printed once).
const [sample] = rowsOf<{ id: string }>(
  await db.execute(sql`select id from adverts where status = 'available' order by created_at desc limit 1`),
);
const plan = await db.transaction(async (tx) => {
  await withoutJit(tx);
  return rowsOf<{ "QUERY PLAN": string }>(
    await tx.execute(sql`explain (analyze, costs off) ${countMatchingSearches(sample?.id ?? "")}`),
  );
});
console.log(plan.map((r) => r["QUERY PLAN"]).join("\n"));

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0;
const ms = (x: number) => `${x.toFixed(1)} ms`;

console.log(
  `matching: statement p50 ${ms(pct(statement, 0.5))} p95 ${ms(pct(statement, 0.95))}; whole job p50 ${ms(pct(job, 0.5))} p95 ${ms(pct(job, 0.95))}; matched p50 ${pct(matchedCounts, 0.5)}`,
);

// The daily digest for every person: all their searches daily, three new matches each waiting.
await db.execute(sql`update saved_searches set alerts = 'daily', last_emailed_at = null`);
await db.execute(sql`delete from saved_search_matches`);
t = Date.now();
await db.execute(sql`
  with pool as (select array(select id from adverts where status = 'available' limit 5000) as ids)
  insert into saved_search_matches (saved_search_id, advert_id, user_id)
  select s.id, pool.ids[1 + ((hashtext(s.id::text)::bigint % 5000 + 5000 + k * 1667) % 5000)::int], s.user_id
  from saved_searches s, pool, generate_series(0, 2) k
  on conflict do nothing`);
await db.execute(sql`analyze saved_search_matches`);
console.log(`${searchCount.toLocaleString("en-US")} people × 3 waiting matches in ${seconds(t)} s`);
const digestStarted = Date.now();
await services.savedSearches.sendDigestsNow();
const digestSeconds = (Date.now() - digestStarted) / 1000;
const [emails] = rowsOf<{ n: number }>(
  await db.execute(sql`select count(*)::int as n from email_outbox where kind = 'savedSearch.daily'`),
);

const report = [
  `# Saved-search alerts — ${new Date().toISOString().slice(0, 16)} UTC, PostgreSQL`,
  "",
  `${advertCount.toLocaleString("en-US")} adverts, ${searchCount.toLocaleString("en-US")} saved searches (one per person).`,
  "",
  "| measure | p50 | p95 | max |",
  "|---|---|---|---|",
  `| matching statement, one new advert against every saved search (${samples} adverts) | ${ms(pct(statement, 0.5))} | ${ms(pct(statement, 0.95))} | ${ms(Math.max(...statement))} |`,
  `| the whole job per advert: match, record, notify, instant emails | ${ms(pct(job, 0.5))} | ${ms(pct(job, 0.95))} | ${ms(Math.max(...job))} |`,
  `| searches matched per advert | ${pct(matchedCounts, 0.5)} | ${pct(matchedCounts, 0.95)} | ${Math.max(...matchedCounts)} |`,
  "",
  `Daily digest: ${emails?.n.toLocaleString("en-US")} emails written for ${searchCount.toLocaleString("en-US")} people in ${digestSeconds.toFixed(1)} s.`,
  "",
].join("\n");
console.log(report);
fs.mkdirSync("bench/results", { recursive: true });
fs.writeFileSync(
  `bench/results/${new Date().toISOString().slice(0, 16).replace(/[T:]/g, "-")}-saved-searches.md`,
  report,
);
await close();
