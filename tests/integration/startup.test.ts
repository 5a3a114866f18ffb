import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";
import { createScratchDatabase } from "../../db/scratch-database.ts";
import { DEMO_ACCOUNTS, seedDemoIfEmpty } from "../../seed/demo.ts";
import { loadConfig } from "../../server/config.ts";
import { createServices } from "../../server/services.ts";

// Several processes sharing one PostgreSQL: the embedded database is one process by construction.
const onPostgres = process.env.TEST_DATABASE === "postgres";

describe.runIf(onPostgres)("starting many processes on one empty database", () => {
  it("ten at the same moment all come up, migrated once, with the demo data once", async () => {
    const scratch = await createScratchDatabase(
      process.env.DATABASE_URL as string,
      `relaptop_startup_${process.pid}_${Math.random().toString(36).slice(2, 8)}`,
    );
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "relaptop-startup-"));
    const config = loadConfig({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      DATABASE_URL: scratch.url,
      AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
      LOG_LEVEL: "silent",
    });
    // What server/serve.ts does at start, ten times at once (each with its own pool, as a process has).
    const started = await Promise.allSettled(
      Array.from({ length: 10 }, async () => {
        const database = await openDatabase(config.database);
        const core = createServices(config, database, { insecureFastHash: true });
        const seeded = await database.exclusively(() => seedDemoIfEmpty(core));
        return { database, seeded };
      }),
    );
    try {
      const failures = started.filter((s) => s.status === "rejected").map((s) => String(s.reason));
      expect(failures).toEqual([]);
      const up = started.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
      expect(up.filter((u) => u.seeded)).toHaveLength(1);
      const { db } = up[0]?.database ?? {};
      const [everyone] = (await db?.select({ n: count() }).from(users)) ?? [];
      const demoPeople = Object.keys(DEMO_ACCOUNTS).length;
      // The demo's people once: not ten seedings' worth, not a half-seeded database (its story has a dozen or so).
      expect(Number(everyone?.n)).toBeGreaterThanOrEqual(demoPeople);
      expect(Number(everyone?.n)).toBeLessThan(demoPeople * 10);
    } finally {
      for (const s of started) if (s.status === "fulfilled") await s.value.database.close();
      await scratch.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
