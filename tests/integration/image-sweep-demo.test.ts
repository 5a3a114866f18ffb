import fs from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { sweepUnnamedImages } from "../../core/media/index.ts";
import { seedDemoIfEmpty } from "../../seed/demo.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/**
 * The sweep of unnamed images against a database as full as the demo's: every image key any row holds — in any
 * text, list of texts or JSON document of any table, not only the columns the sweep lists — is still stored after
 * runs a month apart. A new place that keeps an image key and that the sweep does not read fails here.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await seedDemoIfEmpty(t);
});
afterAll(() => t.close());

const KEY = "^[a-f0-9]{2}/[a-f0-9]{62}\\.(webp|png|jpeg)$";

/** Every value matching an image key in every text, text[] and jsonb column of the app's tables. */
async function everyImageKeyHeld(): Promise<Set<string>> {
  const rows = async <T>(query: ReturnType<typeof sql>) => {
    const result = await t.db.execute(query);
    return (result as unknown as { rows: T[] }).rows;
  };
  const columns = await rows<{ table: string; column: string; type: string }>(sql`
    select table_name as "table", column_name as "column", udt_name as "type" from information_schema.columns
    where table_schema = 'public' and udt_name in ('text', '_text', 'jsonb')
      and table_name not in ('media_sweep_candidates', 'unnamed_images')`);
  const keys = new Set<string>();
  for (const { table, column, type } of columns) {
    const [from, value] = [sql.identifier(table), sql.identifier(column)];
    const found =
      type === "text"
        ? sql`select distinct ${value} as key from ${from} where ${value} ~ ${KEY}`
        : type === "_text"
          ? sql`select distinct k as key from ${from}, unnest(${value}) k where k ~ ${KEY}`
          : sql`select distinct j #>> '{}' as key from ${from}, jsonb_path_query(${value}, 'strict $.**') j
                where jsonb_typeof(j) = 'string' and (j #>> '{}') ~ ${KEY}`;
    for (const { key } of await rows<{ key: string }>(found)) keys.add(key);
  }
  return keys;
}

it("keeps every image the demo's rows name, wherever they name it", async () => {
  const held = await everyImageKeyHeld();
  // The demo's brands, laptops (several photos each), orders and its dispute's photos.
  expect(held.size).toBeGreaterThan(30);
  // One image nobody names, to show the runs do delete.
  const unnamed = await t.services.media.put(Buffer.from("nobody's picture"), "webp");
  if (t.config.media.kind !== "disk") throw new Error("this test reads the disk store");
  const aDayAgo = new Date(Date.now() - 24 * 60 * 60 * 1000);
  await fs.utimes(path.join(t.config.media.dir, unnamed), aDayAgo, aDayAgo);
  const start = Date.now();
  await sweepUnnamedImages(t.db, t.services.media, { keptDays: 7, now: new Date(start) });
  const { removed } = await sweepUnnamedImages(t.db, t.services.media, {
    keptDays: 7,
    now: new Date(start + 30 * 24 * 60 * 60 * 1000),
  });
  expect(removed).toBeGreaterThanOrEqual(1);
  expect(await t.services.media.get(unnamed)).toBeNull();
  const lost = [];
  for (const key of held) if ((await t.services.media.get(key)) === null) lost.push(key);
  expect(lost).toEqual([]);
});
