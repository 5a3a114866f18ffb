import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { NODE_FLAGS, SERVER_ENTRY } from "../../../server/node-flags.ts";
import { freePort } from "./ports.ts";

/**
 * Where each spec's own server may listen, from E2E_PORT, so that two specs running at once in two workers
 * never probe the same free port and then race to listen on it (the dev-server spec takes + 40 … + 86; the
 * mail and sign-in servers + 87 … + 89).
 */
export const OWN_SERVER_PORTS = {
  firstAddress: { offset: 90, count: 20 },
  passkeys: { offset: 110, count: 10 },
  twoFactor: { offset: 120, count: 10 },
} as const;

export interface OwnServer {
  port: number;
  /** Its address as the spec opens it. */
  site: string;
  /** What it printed, for a failure's message. */
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * The production server (build/ must exist) started for one spec on a fresh embedded database, migrated and
 * seeded (most of a minute on a busy machine), with `env` (given its port) over the run's own environment minus
 * `unset`; ready once it says it is running.
 */
export async function startOwnServer({
  ports,
  host,
  siteHost = host,
  env,
  unset,
}: {
  ports: { offset: number; count: number };
  /** The interface it listens on (0.0.0.0 for every one). */
  host: string;
  /** The name the spec opens it by (localhost where an IP address would not do). */
  siteHost?: string;
  env: (port: number) => Record<string, string>;
  unset: string[];
}): Promise<OwnServer> {
  const port = await freePort(ports.offset, ports.count, host, "a spec's own server");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "relaptop-own-server-"));
  const vars: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    ...env(port),
  };
  for (const name of unset) delete vars[name];
  const server: ChildProcess = spawn(process.execPath, [...NODE_FLAGS, SERVER_ENTRY], { env: vars });
  let output = "";
  server.stdout?.on("data", (chunk) => (output += chunk));
  server.stderr?.on("data", (chunk) => (output += chunk));
  const until = Date.now() + 150_000;
  while (!output.includes("ReLaptop is running at")) {
    if (Date.now() > until || server.exitCode !== null) throw new Error(`the server did not start:\n${output}`);
    await sleep(200);
  }
  return {
    port,
    site: `http://${siteHost}:${port}`,
    output: () => output,
    async stop() {
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once("exit", resolve));
        server.kill("SIGINT");
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
