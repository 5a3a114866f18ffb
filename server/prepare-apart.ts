import { spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import path from "node:path";
import type { DatabaseTarget } from "../db/client.ts";

/** The argument of the process that only prepares a new embedded database, then exits (server/serve.ts). */
export const PREPARE_ONLY = "--prepare-only";

/** An embedded database not created yet: PostgreSQL writes PG_VERSION into its folder when it creates one. */
export const isNewEmbeddedDatabase = (database: DatabaseTarget) =>
  database.kind === "pglite" && !fs.existsSync(path.join(database.dir, "PG_VERSION"));

/**
 * The first start on a new embedded database creates it (PostgreSQL's initdb, in WebAssembly), migrates it and
 * seeds the demo (sharp drawing its pictures on libvips's threads). A process keeps what that took — ~450 MB the
 * allocator does not give back to the system — for as long as it runs, so the server would start its life at
 * twice what it rests at on every later start (docs/benchmarks.md, "Memory and the start, measured"). That work
 * runs in a process of its own, with this one's Node flags; this process opens what it left.
 */
export async function prepareApart(): Promise<void> {
  const entry = process.argv[1];
  if (!entry) throw new Error("Cannot prepare the embedded database: this process has no entry script.");
  // `npm run dev`'s watch flags belong to the process that restarts the server, not to this one's child.
  const flags = process.execArgv.filter((flag) => !flag.startsWith("--watch"));
  const child = spawn(process.execPath, [...flags, entry, PREPARE_ONLY], { stdio: "inherit" });
  const [code, signal] = (await once(child, "exit")) as [number | null, NodeJS.Signals | null];
  if (code !== 0) {
    throw new Error(`Preparing the new embedded database stopped (${signal ?? `exit code ${code}`}): see above.`);
  }
}
