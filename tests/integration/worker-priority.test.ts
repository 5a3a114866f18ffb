import { spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** A process's niceness, as the kernel reports it (the 19th field of /proc/<pid>/stat). */
function niceness(pid: number) {
  const afterName = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1] ?? "";
  return Number(afterName.split(" ")[16]);
}

/** `npm run worker` on a fresh embedded database, until it says it works the queue: its niceness then. */
async function workerNiceness(env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "relaptop-worker-"));
  const child = spawn(process.execPath, ["server/main.ts", "--worker"], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", SEED_DEMO: "false", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  try {
    let said = "";
    for await (const chunk of child.stdout) {
      said += String(chunk);
      if (said.includes("ReLaptop worker: working the job queue.")) break;
    }
    return niceness(child.pid as number);
  } finally {
    child.kill("SIGTERM");
    if (child.exitCode === null) await once(child, "exit");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// Process priorities as Linux reports them; the embedded database, so no server is shared between runs.
describe.runIf(process.platform === "linux" && process.env.TEST_DATABASE === "pglite")(
  "a worker process",
  { concurrent: true },
  () => {
    it("works the queue at a lower CPU priority than the app (WORKER_NICE, 10 by default)", async () => {
      expect(await workerNiceness({})).toBe(10);
    }, 60_000);

    it("keeps the priority it was started with when WORKER_NICE=0", async () => {
      expect(await workerNiceness({ WORKER_NICE: "0" })).toBe(os.getPriority());
    }, 60_000);
  },
);
