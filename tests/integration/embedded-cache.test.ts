import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../db/client.ts";
import { loadConfig } from "../../server/config.ts";

const dirs: string[] = [];
let database: Database | undefined;
afterAll(async () => {
  await database?.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

// The embedded database only: its memory is this process's (docs/benchmarks.md, "Memory and the start, measured").
describe.runIf(process.env.TEST_DATABASE === "pglite")("the embedded database's page cache", () => {
  // An initdb takes 4–12 s on two busy cores.
  it("is as large as EMBEDDED_DATABASE_CACHE_MB says, 32 MB unless set", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "relaptop-cache-"));
    dirs.push(dataDir);
    expect(loadConfig({ DATA_DIR: dataDir }).database).toMatchObject({ kind: "pglite", cacheMb: 32 });
    const config = loadConfig({ DATA_DIR: dataDir, EMBEDDED_DATABASE_CACHE_MB: "16" });
    database = await openDatabase(config.database);
    const { rows } = (await database.db.execute(sql`show shared_buffers`)) as unknown as {
      rows: { shared_buffers: string }[];
    };
    expect(rows[0]?.shared_buffers).toBe("16MB");
  }, 60_000);
});
