import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, inject, it } from "vitest";
import { type Database, type DatabaseOptions, openDatabase } from "../../db/client.ts";
import { createScratchDatabase } from "../../db/scratch-database.ts";
import { buildApp, type Lifecycle } from "../../server/app.ts";
import { loadConfig } from "../../server/config.ts";
import { createServices, type ServiceOptions } from "../../server/services.ts";

let template: Blob | undefined;

/**
 * A PGlite in memory, migrated: loaded from the dump the global setup made (tests/support/database-template.ts),
 * read from disk once per worker.
 */
async function migratedPglite(): Promise<PGlite> {
  template ??= new Blob([fs.readFileSync(inject("pgliteTemplate"))]);
  return (await PGlite.create({ loadDataDir: template, extensions: { pg_trgm } })) as unknown as PGlite;
}

async function pgliteDatabase(options: DatabaseOptions): Promise<Database> {
  return openDatabase({ kind: "pglite-memory", client: await migratedPglite() }, options);
}

/**
 * A new database on the PostgreSQL server named by DATABASE_URL, a copy of the migrated template the global
 * setup made, dropped on close; with `replica` (a streaming replica of that server), read from there too.
 */
async function postgresDatabase(
  options: DatabaseOptions,
  replica?: { url: string; maxLagMs: number },
): Promise<Database> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE=postgres needs DATABASE_URL");
  const scratch = await createScratchDatabase(
    adminUrl,
    `relaptop_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`,
    { template: inject("postgresTemplate") },
  );
  const onReplica = replica && new URL(replica.url);
  if (onReplica) onReplica.pathname = new URL(scratch.url).pathname;
  const database = await openDatabase(
    { kind: "postgres", url: scratch.url, replica: onReplica && { ...replica, url: onReplica.toString() } },
    options,
  );
  return {
    ...database,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}

export const PUBLIC_URL = "http://relaptop.test";

/**
 * `pages`: serve the pages too, from a build compiled by tests/support/page-build.ts. With REDIS_URL in
 * `env`, `redisPrefix` keeps the test's keys and channels apart from every other test sharing that Redis.
 * `replica` (PostgreSQL only): a streaming replica of DATABASE_URL's server, read for visitors.
 */
export async function startTestApp(
  env: Record<string, string> = {},
  options: ServiceOptions = {},
  {
    pages,
    lifecycle,
    redisPrefix,
    replica,
    logStream,
    heartbeatMs,
  }: {
    pages?: ServerBuild;
    lifecycle?: Lifecycle;
    redisPrefix?: string;
    replica?: { url: string; maxLagMs: number };
    /** Where the app's log lines go (with LOG_LEVEL in `env`), for tests that read them. */
    logStream?: NodeJS.WritableStream;
    /** Live streams' heartbeat (server/api/notification-stream.ts), for tests that wait for one. */
    heartbeatMs?: number;
  } = {},
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
  const redis = config.redis && { ...config.redis, prefix: redisPrefix ?? config.redis.prefix };
  const database =
    process.env.TEST_DATABASE === "postgres"
      ? await postgresDatabase({ redis }, replica)
      : await pgliteDatabase({ redis });
  const { services, runtime } = createServices(config, database, {
    insecureFastHash: true,
    // Tests write straight to the database between reads: no count is kept however slow a loaded runner is
    // (search.test.ts builds a catalogue that keeps them).
    keepSlowCounts: { slowMs: Number.POSITIVE_INFINITY, forMs: 0, most: 0 },
    ...options,
  });
  const app = await buildApp({ config, services, runtime, pages: pages ?? false, lifecycle, logStream, heartbeatMs });
  await app.ready();
  return {
    app,
    services,
    /** The database the app runs on, for tests that write or read behind its back. */
    database,
    db: database.db,
    runtime,
    config,
    async close() {
      await app.close();
      await services.jobs.stop();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

/**
 * The test app of the tests in the file or describe block this is called in (startTestApp's arguments):
 * started before them, closed after them. Its fields are filled in as it starts, so code that runs in the
 * tests and in hooks registered after this call may use them, as it would a `let` assigned in a beforeAll.
 */
export function testAppForTests(...args: Parameters<typeof startTestApp>): TestApp {
  const t: Partial<TestApp> = {};
  beforeAll(async () => {
    Object.assign(t, await startTestApp(...args));
  });
  afterAll(() => t.close?.());
  return t as TestApp;
}

/** The test app listening on loopback (from now on, unless it already was): its address, for fetch. */
export async function listening(t: Pick<TestApp, "app">) {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: "127.0.0.1" });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

/**
 * Another app process on the same PostgreSQL database (its own services, pool and LISTEN connection),
 * listening on loopback: for what must reach a stream served by a process other than the writer's.
 */
async function startSecondProcess(t: TestApp) {
  const url = t.database.pool?.options.connectionString;
  if (!url) throw new Error("a second process needs the PostgreSQL test database");
  const database = await openDatabase({ kind: "postgres", url });
  const { services, runtime } = createServices(t.config, database, { insecureFastHash: true });
  const app = await buildApp({ config: t.config, services, runtime, pages: false });
  await app.listen({ port: 0, host: "127.0.0.1" });
  return {
    base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    async close() {
      await app.close();
      await services.jobs.stop();
      await database.close();
    },
  };
}

/**
 * A test of two app processes on one PostgreSQL database (skipped on the embedded one): `body` runs with the
 * second (its address in `base`), closed after it.
 */
export function itAcrossProcesses(t: TestApp, name: string, body: (other: { base: string }) => Promise<void>) {
  it.skipIf(process.env.TEST_DATABASE !== "postgres")(name, async () => {
    const other = await startSecondProcess(t);
    try {
      await body(other);
    } finally {
      await other.close();
    }
  });
}
