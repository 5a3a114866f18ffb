import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startServer as start, waitForHealth } from "../support/server-process.ts";

const started: ReturnType<typeof start>[] = [];
afterAll(() => {
  for (const server of started) server.kill();
});

function startServer(dataDir: string, port: number) {
  const server = start(dataDir, port);
  started.push(server);
  return server;
}

// The embedded database only: this is about PGlite's unlocked folder.
describe.runIf(process.env.TEST_DATABASE === "pglite")("the embedded data folder", () => {
  // Two cold starts of the server (an initdb takes 4–12 s on two busy cores): 60 s ran out in a loaded CI run.
  it("refuses a second process on the same DATA_DIR with a clear message", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "relaptop-lock-"));
    const first = startServer(dataDir, 3231);
    await waitForHealth(3231, first.exited);
    const second = startServer(dataDir, 3232);
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/in use by another ReLaptop process \(PID \d+\)/);
    // The first one is unharmed.
    expect((await fetch("http://127.0.0.1:3231/healthz")).status).toBe(200);
    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    // A clean stop releases the lock.
    expect(fs.existsSync(path.join(dataDir, "db", "relaptop.lock"))).toBe(false);
  }, 120_000);
});
