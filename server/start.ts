import cluster from "node:cluster";
import { DataDirLockedError } from "../db/data-dir-lock.ts";
import { ConfigError, loadConfig } from "./config.ts";
import type { StartHooks } from "./serve.ts";
import { superviseWorkers } from "./workers.ts";

/**
 * One process serving (a worker of the cluster, or alone), or — with WEB_CONCURRENCY > 1 — their supervisor.
 * The supervisor serves nothing, so it never loads the app (server/serve.ts): it held as much as a worker, ~220 MB.
 */
async function serveOrSupervise(hooks: StartHooks) {
  const dev = process.argv.includes("--dev");
  // Vite serves the source code: only to this machine, unless HOST says otherwise.
  if (dev) process.env.HOST ??= "localhost";
  // Read once: a first start makes the AUTH_SECRET it then says it made.
  const config = loadConfig();
  const workers = dev || process.argv.includes("--worker") ? 1 : config.webConcurrency;
  if (workers > 1 && cluster.isPrimary) superviseWorkers(workers);
  else await (await import("./serve.ts")).serve(hooks, config);
}

/** Starts this process's part; a failure to start ends it, in one line when the operator can fix it. */
export function start(hooks: StartHooks) {
  serveOrSupervise(hooks).catch((error: unknown) => {
    if (error instanceof ConfigError || error instanceof DataDirLockedError) {
      console.error(error.message);
    } else {
      console.error(error);
    }
    process.exit(1);
  });
}
