import { type SQL, sql } from "drizzle-orm";
import { processorColumns } from "../core/catalogue/index.ts";
import { brands, users } from "../db/schema/index.ts";
import type { Core } from "../server/services.ts";
import { laptopPicture } from "./demo-images.ts";
import { createBrand } from "./factories.ts";
import { seedBulkSalesHistory } from "./sales-history.ts";

/**
 * Processors as sellers write them — every tier, every vendor, several spellings, 8th-gen i5s weighted as
 * the common configuration they are, and some the catalogue cannot place (no tier).
 */
const BULK_PROCESSORS = [
  "Intel Core i5-8250U",
  "i5-8250U",
  "Intel(R) Core(TM) i5-8350U CPU @ 1.70GHz",
  "Core i5 8th Gen",
  "i7-8650U",
  "i5-7200U",
  "i7-6500U",
  "Intel Core i5-10210U",
  "Intel Core i5-1135G7",
  "11th Gen Intel(R) Core(TM) i7-1165G7 @ 2.80GHz",
  "i7-1260P",
  "Intel Core i5-1235U",
  "i7-12700H",
  "13th Gen Intel Core i7-1355U",
  "i9-13900HX",
  "Intel Core Ultra 7 155H",
  "Core Ultra 5 226V",
  "Intel Core i3-1115G4",
  "Intel Celeron N4020",
  "Pentium Silver N5030",
  "AMD Ryzen 5 5500U",
  "ryzen 5 5600u",
  "AMD Ryzen 7 5800H",
  "Ryzen 7 PRO 6850U",
  "Ryzen 5 7530U",
  "AMD Ryzen 9 7940HS",
  "Ryzen AI 9 HX 370",
  "Apple M1",
  "M2",
  "Apple M3 Pro 11-core",
  "M1 Pro 10-core",
  "Apple M4 Max 16-core",
  "Snapdragon X Elite X1E-78-100",
  "Intel quad core",
  "i7",
  "MediaTek Kompanio 520",
];

/** A PostgreSQL array literal, passed as one parameter (nulls as NULL). */
const pgArray = (values: (string | number | null)[]) =>
  `{${values.map((v) => (v === null ? "NULL" : typeof v === "number" ? v : `"${v.replace(/["\\]/g, "\\$&")}"`)).join(",")}}`;

/**
 * Adds `total` realistic adverts (2,000 new sellers, every brand, specs, 10 % sold), generated
 * inside PostgreSQL in batches of 50,000: a million takes about a minute. For scale work only.
 */
export async function seedBulk(core: Core, total: number, log: (line: string) => void = () => {}) {
  const { db } = core.runtime;
  const { services } = core;
  const BATCH = 50_000;
  const SELLERS = 2_000;

  let brandRows = await db.select({ id: brands.id, name: brands.name }).from(brands);
  if (brandRows.length === 0) {
    for (const [i, name] of ["Apple", "Dell", "HP", "Lenovo", "Asus", "Acer", "MSI", "Samsung"].entries()) {
      await createBrand(core, name, i * 45);
    }
    brandRows = await db.select({ id: brands.id, name: brands.name }).from(brands);
  }
  // One picture per brand, shared by its bulk adverts: the point is rows, not files.
  const pictures = await Promise.all(
    brandRows.map(async (b, i) => services.media.put(await laptopPicture(`${b.name} laptop`, i * 40), "webp")),
  );

  const run = Date.now().toString(36);
  await db.execute(sql`
    insert into ${users} (id, name, email, role, verified, acting_as_seller)
    select 'bulk-' || ${run} || '-' || g, 'Seller ' || g, 'seller' || g || '.' || ${run} || '@bulk.relaptop.test', 'seller', g % 3 = 0, true
    from generate_series(1, ${SELLERS}) g`);

  const brandIds = `{${brandRows.map((b) => b.id).join(",")}}`;
  const brandNames = `{${brandRows.map((b) => `"${b.name}"`).join(",")}}`;
  const images = `{${pictures.join(",")}}`;
  const models =
    "{Air,Pro 14,Pro 16,XPS 13,Latitude 7440,ThinkPad T14,ThinkPad X1 Carbon,Yoga 7i,ZenBook 14,VivoBook 15,Swift 3,Aspire 5,Spectre x360,EliteBook 840,Pavilion 15,Legion 5,ROG Zephyrus G14,Inspiron 15}";
  // The processor as typed and what the catalogue recognises in it, picked together by one index (c).
  const recognised = BULK_PROCESSORS.map(processorColumns);
  const cpus = pgArray(BULK_PROCESSORS);
  const cpuKeys = pgArray(recognised.map((r) => r.processorKey));
  const cpuTiers = pgArray(recognised.map((r) => r.performanceTier));
  const cpuYears = pgArray(recognised.map((r) => r.processorYear));
  const cpuScores = pgArray(recognised.map((r) => r.processorScore));
  const towns = "{Dhaka,Chattogram,Sylhet,Khulna,Rajshahi,Gazipur,Barishal,Rangpur,Comilla,Mymensingh}";

  for (let done = 0; done < total; done += BATCH) {
    const n = Math.min(BATCH, total - done);
    await db.execute(sql`
      insert into adverts (seller_id, brand_id, name, image_key, photo_keys, original_price_cents, resale_price_cents,
        years_of_use, location, mobile, description, condition, advertised, status, processor, processor_key,
        performance_tier, processor_year, processor_score, ram_gb, storage_gb, storage_type, screen_inches,
        battery_health, created_at, updated_at)
      select 'bulk-' || ${run} || '-' || s,
        (${brandIds}::uuid[])[b], (${brandNames}::text[])[b] || ' ' || (${models}::text[])[1 + floor(random() * 18)::int],
        (${images}::text[])[b], array[(${images}::text[])[b]], p * 2, p, floor(random() * 6)::int,
        (${towns}::text[])[1 + floor(random() * 10)::int], ${sellersMobile(sql`s`)},
        'Used laptop in working order, charger included. Battery holds well; small marks on the lid.',
        (array['excellent','good','Fair'])[1 + floor(random() * 3)::int], random() < 0.02,
        case when random() < 0.1 then 'sold' else 'available' end,
        (${cpus}::text[])[c], (${cpuKeys}::text[])[c], (${cpuTiers}::smallint[])[c], (${cpuYears}::smallint[])[c],
        (${cpuScores}::integer[])[c],
        (array[4,8,8,16,16,32,64])[1 + floor(random() * 7)::int],
        (array[128,256,256,512,512,1024,2048])[1 + floor(random() * 7)::int],
        (array['SSD','SSD','SSD','HDD','eMMC'])[1 + floor(random() * 5)::int],
        (array['13.3','14','15.6','16'])[1 + floor(random() * 4)::int], 60 + floor(random() * 41)::int, t, t
      from (
        select 1 + floor(random() * ${SELLERS})::int as s, 1 + floor(random() * ${brandRows.length})::int as b,
          (150 + floor(random() * 2850)::int) * 100 as p,
          now() - random() * interval '730 days' as t,
          1 + floor(random() * ${BULK_PROCESSORS.length})::int as c
        from generate_series(1, ${n})
      ) r`);
    log(`${Math.min(done + BATCH, total).toLocaleString("en-US")} / ${total.toLocaleString("en-US")} adverts`);
  }

  await rateBulkSellers(db);
  log(
    `${await holdSuspiciousBulkAdverts(db, run, Math.max(3, Math.round(total / 10_000)), SELLERS)} suspicious adverts`,
  );
  await seedBulkSalesHistory(db);
  // Vacuumed too: the updates above leave dead versions, kept on a server with autovacuum off (seed/bulk-conversations.ts).
  await db.execute(sql`vacuum analyze adverts`);
  log(`${await services.catalogue.refreshPriceGuidesNow()} price guides`);
}

/** Each bulk seller's own mobile number (seller n of a run: 017 and n in eight digits). */
const sellersMobile = (n: SQL) => sql`'017' || lpad((${n})::text, 8, '0')`;

/**
 * About one advert in 10,000 of a bulk run made suspicious, as the review signals would have judged it
 * when posted, so the review queue in Reported Items is full at scale too: a third held for a price far
 * below similar laptops, a third held for another bulk seller's mobile number, a third public but flagged
 * for asking to be paid off the site. Returns how many.
 */
async function holdSuspiciousBulkAdverts(db: Core["runtime"]["db"], run: string, count: number, sellers: number) {
  const result = await db.execute(sql`
    with picked as (
      select id, row_number() over () % 3 as k,
        split_part(seller_id, '-', 3)::int % ${sellers} + 1 as other_seller
      from (
        select id, seller_id from adverts
        where seller_id like ${`bulk-${run}-%`} and status = 'available'
        order by random() limit ${count}
      ) r
    )
    update adverts a set
      status = case when p.k = 0 then 'available' else 'pending_review' end,
      advertised = false,
      resale_price_cents = case when p.k = 1 then greatest(100, a.resale_price_cents / 4) else a.resale_price_cents end,
      mobile = case when p.k = 2 then ${sellersMobile(sql`p.other_seller`)} else a.mobile end,
      description = case when p.k = 0
        then a.description || ' Pay by Western Union or gift cards only, or email me at deals' || p.other_seller || '@example.com.'
        else a.description end,
      review_signals = jsonb_build_array(case p.k
        when 1 then jsonb_build_object('kind', 'low_price', 'detail',
          '$' || greatest(100, a.resale_price_cents / 4) / 100 || ' against a median of $' || a.resale_price_cents / 100
            || ' for 12 comparable laptops.')
        when 2 then jsonb_build_object('kind', 'shared_mobile', 'detail',
          'Mobile number …' || right(${sellersMobile(sql`p.other_seller`)}, 4) || ' is also on adverts of Seller '
            || p.other_seller || '.')
        else jsonb_build_object('kind', 'off_site_contact', 'detail', 'Mentions Western Union, gift cards, an email address.')
      end),
      flagged_at = now() - random() * interval '3 days'
    from picked p where a.id = p.id`);
  return (result as unknown as { rowCount?: number; affectedRows?: number }).rowCount ?? count;
}

/**
 * Gives every bulk seller without one a rating (1–40 reviews, mostly 4 and 5 stars), so every card of a
 * bulk catalogue carries "★ 4.3 (17)" — the counters only: the reviews behind them are not the point here.
 */
export async function rateBulkSellers(db: Core["runtime"]["db"]) {
  await db.execute(sql`
    insert into seller_ratings (seller_id, review_count, rating_sum, stars_1, stars_2, stars_3, stars_4, stars_5)
    select id, s1 + s2 + s3 + s4 + s5, s1 + 2 * s2 + 3 * s3 + 4 * s4 + 5 * s5, s1, s2, s3, s4, s5
    from (
      select id, floor(random() * 2)::int s1, floor(random() * 2)::int s2, floor(random() * 4)::int s3,
        floor(random() * 12)::int s4, 1 + floor(random() * 20)::int s5
      from ${users} where id like 'bulk-%'
    ) r
    on conflict (seller_id) do nothing`);
}

/**
 * Favourites at scale, set-based: `people` new buyers with `perPerson` favourites each, and — when given —
 * one existing account (the benchmark's signed-in buyer) with `accountFavourites`. Each favourite is a
 * laptop picked from a random sample of the catalogue, saved at a price up to $50 above today's (so pages
 * show drops) within the last 30 days.
 */
export async function seedBulkFavourites(
  { runtime: { db } }: Core,
  { people, perPerson, account }: { people: number; perPerson: number; account?: { id: string; favourites: number } },
) {
  const run = Date.now().toString(36);
  if (people > 0) {
    await db.execute(sql`
      insert into ${users} (id, name, email, role, verified, acting_as_seller)
      select 'bulkfan-' || ${run} || '-' || g, 'Buyer ' || g, 'buyer' || g || '.' || ${run} || '@bulk.relaptop.test', 'user', false, false
      from generate_series(1, ${people}) g`);
  }
  // A sample of the catalogue to pick from (a few thousand ids), then each person's picks by hashing.
  const save = (who: ReturnType<typeof sql>, count: number) =>
    db.execute(sql`
      with sample as (
        select array_agg(id) as ids, count(*)::int as n
        from (select id from adverts tablesample system (2) limit 20000) s
      )
      insert into favourites (user_id, advert_id, saved_price_cents, advert_name, created_at)
      select u.id, a.id, a.resale_price_cents + 500 * floor(random() * 11)::int, a.name,
        now() - random() * interval '30 days'
      from (${who}) u
      cross join generate_series(1, ${count}) k
      cross join sample
      join adverts a on a.id = sample.ids[1 + abs(hashtext(u.id || ':' || k)) % greatest(sample.n, 1)]
      on conflict do nothing`);
  if (people > 0) await save(sql`select id from ${users} where id like ${`bulkfan-${run}-%`}`, perPerson);
  if (account) await save(sql`select ${account.id}::text as id`, account.favourites);
  await db.execute(sql`vacuum analyze favourites`);
}
