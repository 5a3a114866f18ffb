import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { memoryOf } from "../../bench/processes.ts";
import { startServer, waitForHealth } from "../support/server-process.ts";

const started: ReturnType<typeof startServer>[] = [];
afterAll(() => {
  for (const server of started) server.kill();
});

/** The process's threads of libuv's pool (where password hashes and sharp's work run). */
const poolThreadsOf = (pid: number | undefined) =>
  fs
    .readdirSync(`/proc/${pid}/task`)
    .filter((task) => fs.readFileSync(`/proc/${pid}/task/${task}/comm`, "utf8").trim() === "libuv-worker").length;

// `npm start` on a new machine: the embedded database created and the demo seeded (server/prepare-apart.ts).
describe.runIf(process.env.TEST_DATABASE === "pglite")("the first start of the embedded demo", () => {
  // Two starts, the first creating and seeding a database: 51 s beside the rest of a CI run on two cores.
  it("creates and seeds the database in a process of its own, so the server never holds what that took; a later start gives back what it allocated and hashes passwords on no more threads than cores", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "relaptop-first-"));
    const first = startServer(dataDir, 3234, { SEED_DEMO: "true", AUTH_SECRET: "", NODE_ENV: "production" });
    started.push(first);
    await waitForHealth(3234, first.exited);
    expect(first.output()).toContain("No AUTH_SECRET set: made a random one");
    expect(first.output()).toContain("Seeded the demo marketplace");
    const laptops = (await (await fetch("http://127.0.0.1:3234/api/adverts")).json()) as { items: unknown[] };
    expect(laptops.items.length).toBeGreaterThan(0);
    // Creating and seeding in this process took it to ~800 MB for good; the server alone rests near 350.
    expect(memoryOf(first.child.pid).peakMb).toBeLessThan(600);
    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);

    // A later start finds the database made: nothing to prepare, and it says the secret is the one it kept.
    const again = startServer(dataDir, 3234, {
      SEED_DEMO: "true",
      AUTH_SECRET: "",
      NODE_ENV: "production",
      METRICS_TOKEN: "first-start-metrics-token",
    });
    started.push(again);
    await waitForHealth(3234, again.exited);
    expect(again.output()).toContain("No AUTH_SECRET set: using the one kept");
    expect(again.output()).not.toContain("Seeded the demo marketplace");
    // What the start allocated was given back before the first request (server/memory-at-rest.ts): the young
    // generation the start grows to its most (32 MB, and so it stayed) is shrunk to its least, 1 MB, and has
    // grown only as the first requests needed since (8 MB here).
    const metrics = await (
      await fetch("http://127.0.0.1:3234/metrics", { headers: { authorization: "Bearer first-start-metrics-token" } })
    ).text();
    const young = Number(/relaptop_nodejs_heap_space_size_total_bytes\{space="new"\} (\d+)/.exec(metrics)?.[1]);
    expect(young).toBeLessThan(32 * 1024 * 1024);
    // A sign-in hashes its password on libuv's pool: no more threads than cores (two at least, four at most).
    const signIn = await fetch("http://127.0.0.1:3234/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://127.0.0.1:3234" },
      body: JSON.stringify({ email: "buyer@relaptop.test", password: "Passw0rd!" }),
    });
    expect(signIn.status).toBe(200);
    expect(poolThreadsOf(again.child.pid)).toBe(Math.max(2, Math.min(4, os.availableParallelism())));
    again.child.kill("SIGTERM");
    expect(await again.exited).toBe(0);
  }, 240_000);
});
