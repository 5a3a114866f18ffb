import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { TestProject } from "vitest/node";
import { buildIfStale } from "../../bench/processes.ts";
import { openDatabase } from "../../db/client.ts";
import { createScratchDatabase } from "../../db/scratch-database.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The pglite project: a tarball of a migrated PGlite data folder (PGlite's dumpDataDir). */
    pgliteTemplate: string;
    /** The postgres project: a migrated database on DATABASE_URL's server, the template of each test's. */
    postgresTemplate: string;
  }
}

/**
 * Vitest's global setup of the integration projects: the schema is migrated once per run, here, and every
 * test app starts from a copy (tests/support/test-app.ts). A fresh PGlite costs an initdb (4–12 s on two
 * busy cores) and a fresh PostgreSQL database every migration (~1.5 s); a copy costs ~2 s and ~0.1 s.
 * Migrating from nothing is still tested, here on each run and by startup.test.ts and pooler.test.ts.
 *
 * The tests that start a server process start its bundle (tests/support/server-process.ts): it is built first
 * if the sources changed since (`npm test` has just built it), once a run — the embedded project is always in it.
 */
export default async function setup(project: TestProject) {
  if (project.config.env.TEST_DATABASE === "postgres") {
    const serverUrl = process.env.DATABASE_URL;
    if (!serverUrl) throw new Error("The postgres project needs DATABASE_URL");
    const name = `relaptop_test_template_${process.pid}`;
    const template = await createScratchDatabase(serverUrl, name);
    const database = await openDatabase({ kind: "postgres", url: template.url });
    // Closed before any test copies it: PostgreSQL copies only a database no one is connected to.
    await database.close();
    project.provide("postgresTemplate", name);
    return () => template.drop();
  }
  buildIfStale();
  const client = (await PGlite.create({ extensions: { pg_trgm } })) as unknown as PGlite;
  const database = await openDatabase({ kind: "pglite-memory", client });
  const dump = await client.dumpDataDir("none");
  await database.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "relaptop-template-"));
  const file = path.join(dir, "pglite.tar");
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
