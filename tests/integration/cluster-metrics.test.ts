import { type ChildProcess, spawn } from "node:child_process";
import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * WEB_CONCURRENCY > 1: whichever worker a scrape reaches, /metrics reports every worker's requests.
 * (Node's cluster itself, not the app's database: one run, not one per database.)
 */
const TOKEN = "metrics-token-for-tests-0123";
let supervisor: ChildProcess;
let port: number;

/** A request on a connection of its own, so the cluster hands each to the next worker. */
const get = (path: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path, headers, agent: false }, (res) => {
        let body = "";
        res.on("data", (chunk) => {
          body += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on("error", reject);
  });

describe.runIf(process.env.TEST_DATABASE !== "postgres")("/metrics under several workers", () => {
  beforeAll(async () => {
    port = await new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, "127.0.0.1", () => {
        const p = (s.address() as net.AddressInfo).port;
        s.close(() => resolve(p));
      });
    });
    supervisor = spawn(process.execPath, ["tests/support/metrics-cluster.ts", String(port), TOKEN], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    await new Promise<void>((resolve, reject) => {
      supervisor.stdout?.on("data", (chunk: Buffer) => {
        if (chunk.toString().includes("ready")) resolve();
      });
      supervisor.once("exit", (code) => reject(new Error(`the cluster exited (${code})`)));
    });
  }, 60_000);
  afterAll(() => {
    supervisor?.kill("SIGTERM");
  });

  it("reports the requests of every worker, whichever one answers the scrape", async () => {
    const pids = new Set<number>();
    for (let i = 0; i < 10; i++) {
      const res = await get("/hello");
      expect(res.status).toBe(200);
      pids.add((JSON.parse(res.body) as { pid: number }).pid);
    }
    expect(pids.size).toBe(2); // both workers answered some
    const series = 'relaptop_http_request_duration_seconds_count{method="GET",route="/hello",status="200"}';
    for (let i = 0; i < 4; i++) {
      const scrape = await get("/metrics", { authorization: `Bearer ${TOKEN}` });
      expect(scrape.status).toBe(200);
      const line = scrape.body.split("\n").find((l) => l.startsWith(`${series} `));
      expect(line).toBe(`${series} 10`);
    }
  });
});
