/**
 * A fresh benchmark database: a new one on DATABASE_URL's PostgreSQL server (or a new embedded folder),
 * seeded with `size` adverts. Also a command — `node bench/fresh-database.ts <size> <kind> <label> <out.json>` —
 * so a benchmark can seed with another checkout's own code (bench/notifications.ts seeds the baseline
 * commit's schema with the baseline's seeder).
 */
import fs from "node:fs";
import { sql } from "drizzle-orm";
import { openDatabase } from "../db/client.ts";
import { adverts, brands } from "../db/schema/index.ts";
import { createScratchDatabase } from "../db/scratch-database.ts";
import { seedBulk } from "../seed/bulk.ts";
import { loadConfig } from "../server/config.ts";
import { type Core, createServices, type ServiceOptions } from "../server/services.ts";

export type DatabaseKind = "postgres" | "pglite";

export interface FreshDatabase {
  /** The environment that points an app process at it. */
  env: Record<string, string>;
  brandId: string;
  /** Laptops for sale, in no particular order (each booking scenario sells each once). */
  laptops: string[];
}

export const BENCH_SECRET = "bench-secret-bench-secret-bench-secret-00";
const adminUrl = () => process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";

/**
 * A new, migrated, empty database named `name` on DATABASE_URL's PostgreSQL server, with the app's services on
 * it; `close` closes it and drops it.
 */
export async function scratchServices(name: string, options: ServiceOptions = {}) {
  const scratch = await createScratchDatabase(adminUrl(), name);
  const config = loadConfig({ DATABASE_URL: scratch.url, AUTH_SECRET: BENCH_SECRET });
  const database = await openDatabase(config.database);
  return {
    ...createServices(config, database, options),
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}

/** scratchServices with `adverts` adverts (seed/bulk.ts, their sales history included), saying how long they took. */
export async function seededScratchServices(name: string, adverts: number, options: ServiceOptions = {}) {
  const core = await scratchServices(name, options);
  const started = Date.now();
  await seedBulk(core, adverts);
  console.log(`${adverts.toLocaleString("en-US")} adverts in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return core;
}

/** The rows of a query run with `db.execute`. */
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** `more`: what a benchmark seeds besides the adverts (bench/run.ts: favourites), through the same services. */
export async function freshDatabase(
  size: number,
  kind: DatabaseKind,
  label = "bench",
  more?: (core: Core) => Promise<void>,
): Promise<FreshDatabase> {
  const dataDir = `/tmp/relaptop-${label}-${kind}-${size}`;
  fs.rmSync(dataDir, { recursive: true, force: true });
  const env: Record<string, string> = { DATA_DIR: dataDir, DATABASE_URL: "", AUTH_SECRET: BENCH_SECRET };
  if (kind === "postgres") {
    env.DATABASE_URL = (await createScratchDatabase(adminUrl(), `relaptop_${label}_${size}`)).url;
  }
  const config = loadConfig(env);
  const database = await openDatabase(config.database);
  const core = createServices(config, database);
  const { runtime } = core;
  const started = Date.now();
  await seedBulk(core, size);
  await more?.(core);
  console.log(`Seeded ${size.toLocaleString("en-US")} adverts in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  const [brand] = await runtime.db.select({ id: brands.id }).from(brands).limit(1);
  const forSale = await runtime.db
    .select({ id: adverts.id })
    .from(adverts)
    .where(sql`status = 'available'`)
    .limit(Math.min(200_000, Math.floor(size * 0.8)));
  await database.close();
  return { env, brandId: brand?.id as string, laptops: forSale.map((a) => a.id) };
}

if (import.meta.main) {
  const [size, kind, label, out] = process.argv.slice(2);
  const fresh = await freshDatabase(Number(size), kind as DatabaseKind, label);
  fs.writeFileSync(out as string, JSON.stringify(fresh));
}
