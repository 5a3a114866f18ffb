import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { afterAll, expect, it } from "vitest";
import { createScratchDatabase } from "../../db/scratch-database.ts";

/**
 * Migration 0026 on a database that already has orders (as every running ReLaptop has): each gets its
 * laptop's seller and a number of its own, before the columns become required and unique.
 */
const MIGRATIONS = path.resolve(import.meta.dirname, "../../db/migrations");
const BEFORE = "0026_order_numbers_sellers";

/** The migrations up to the one before 0026, as a folder of their own. */
function migrationsBefore(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "relaptop-migrations-"));
  fs.mkdirSync(path.join(dir, "meta"));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, "meta/_journal.json"), "utf8"));
  const upTo = journal.entries.findIndex((e: { tag: string }) => e.tag === BEFORE);
  journal.entries = journal.entries.slice(0, upTo);
  fs.writeFileSync(path.join(dir, "meta/_journal.json"), JSON.stringify(journal));
  for (const { tag } of journal.entries)
    fs.copyFileSync(path.join(MIGRATIONS, `${tag}.sql`), path.join(dir, `${tag}.sql`));
  return dir;
}
const earlier = migrationsBefore();
afterAll(() => fs.rmSync(earlier, { recursive: true, force: true }));

type Run = (query: ReturnType<typeof sql>) => Promise<Record<string, unknown>[]>;

/** Two sellers, a buyer, 40 laptops and an order on each, as the schema before 0026 had them. */
async function existingOrders(run: Run) {
  await run(sql`insert into users (id, name, email, email_verified, role) values
    ('s1', 'Sam', 's1@x.test', true, 'seller'), ('s2', 'Rafi', 's2@x.test', true, 'seller'),
    ('b1', 'Bea', 'b1@x.test', true, 'user')`);
  await run(sql`insert into brands (id, name, image_key) values ('00000000-0000-4000-8000-000000000001', 'Dell', 'k')`);
  await run(sql`insert into adverts (seller_id, brand_id, name, image_key, original_price_cents, resale_price_cents,
      years_of_use, location, mobile, description, condition)
    select case when g % 2 = 0 then 's1' else 's2' end, '00000000-0000-4000-8000-000000000001', 'Laptop ' || g, 'k',
      100, 100, 1, 'Dhaka', '01711111111', 'd', 'good' from generate_series(1, 40) g`);
  await run(sql`insert into orders (advert_id, buyer_id, buyer_name, buyer_email, meeting_location, buyer_phone,
      price_cents, product_name, product_image_key, status)
    select id, 'b1', 'Bea', 'b1@x.test', 'Banani', '0171', 100, name, 'k', 'cancelled' from adverts`);
}

async function expectBackfilled(run: Run) {
  const rows = await run(sql`select o.number, o.seller_id, a.seller_id as advert_seller
    from orders o join adverts a on a.id = o.advert_id`);
  expect(rows).toHaveLength(40);
  for (const row of rows) {
    expect(row.number).toMatch(/^RL-[2-9A-HJ-NP-Z]{6}$/);
    expect(row.seller_id).toBe(row.advert_seller);
  }
  expect(new Set(rows.map((r) => r.number)).size).toBe(40);
}

/** Orders written under the migrations before the numbers, then migrated to today's: numbered, each its seller. */
async function backfilled(run: Run, migrate: (folder: string) => Promise<unknown>) {
  await migrate(earlier);
  await existingOrders(run);
  await migrate(MIGRATIONS);
  await expectBackfilled(run);
}

const onPostgres = process.env.TEST_DATABASE === "postgres";

it.runIf(!onPostgres)(
  "numbers the orders that exist and gives each its seller (PGlite)",
  async () => {
    const client = await PGlite.create({ extensions: { pg_trgm } });
    try {
      const db = drizzlePglite({ client });
      const run: Run = async (query) => (await db.execute(query)).rows as Record<string, unknown>[];
      await backfilled(run, (migrationsFolder) => migratePglite(db, { migrationsFolder }));
    } finally {
      await client.close();
    }
  },
  60_000,
);

it.runIf(onPostgres)(
  "numbers the orders that exist and gives each its seller (PostgreSQL)",
  async () => {
    const scratch = await createScratchDatabase(
      process.env.DATABASE_URL as string,
      `relaptop_numbers_${process.pid}_${Math.random().toString(36).slice(2, 8)}`,
    );
    const pool = new pg.Pool({ connectionString: scratch.url });
    try {
      const db = drizzlePg(pool);
      const run: Run = async (query) => (await db.execute(query)).rows as Record<string, unknown>[];
      await backfilled(run, (migrationsFolder) => migratePg(db, { migrationsFolder }));
    } finally {
      await pool.end();
      await scratch.drop();
    }
  },
  60_000,
);
