import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { ServerBuild } from "react-router";
import { type Database, openDatabase } from "../../db/client.ts";
import { createScratchDatabase } from "../../db/scratch-database.ts";
import { buildApp, type Lifecycle } from "../../server/app.ts";
import { loadConfig } from "../../server/config.ts";
import { createServices, type ServiceOptions } from "../../server/services.ts";

let template: Promise<PGlite> | undefined;

/** One migrated PGlite per worker, cloned for each test app (a fresh initdb costs seconds). */
async function pgliteDatabase(): Promise<Database> {
  template ??= (async () => {
    const client = (await PGlite.create({ extensions: { pg_trgm } })) as unknown as PGlite;
    await openDatabase({ kind: "pglite-memory", client });
    return client;
  })();
  const client = (await (await template).clone()) as PGlite;
  return openDatabase({ kind: "pglite-memory", client });
}

/** A new database on the PostgreSQL server named by DATABASE_URL, dropped on close. */
async function postgresDatabase(): Promise<Database> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE=postgres needs DATABASE_URL");
  const scratch = await createScratchDatabase(
    adminUrl,
    `relaptop_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`,
  );
  const database = await openDatabase({ kind: "postgres", url: scratch.url });
  return {
    ...database,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}

export const PUBLIC_URL = "http://relaptop.test";

/** `pages`: serve the pages too, from a build compiled by tests/support/page-build.ts. */
export async function startTestApp(
  env: Record<string, string> = {},
  options: ServiceOptions = {},
  { pages, lifecycle }: { pages?: ServerBuild; lifecycle?: Lifecycle } = {},
) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "relaptop-test-"));
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    PUBLIC_URL,
    AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
    // Tests write straight to the database between reads; public-cache.test.ts turns the cache on.
    PUBLIC_CACHE_MS: "0",
    ...env,
  });
  const database = process.env.TEST_DATABASE === "postgres" ? await postgresDatabase() : await pgliteDatabase();
  const services = createServices(config, database, { insecureFastHash: true, ...options });
  const app = await buildApp({ config, services, pages: pages ?? false, lifecycle });
  await app.ready();
  return {
    app,
    services,
    config,
    async close() {
      await app.close();
      await services.background.stop();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;
