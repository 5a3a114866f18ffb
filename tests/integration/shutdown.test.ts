import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Lifecycle } from "../../server/app.ts";
import { loadConfig } from "../../server/config.ts";
import { client } from "../support/http.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

describe("a process told to stop", () => {
  const lifecycle: Lifecycle = { draining: false };
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({}, {}, { lifecycle });
  });
  afterAll(() => t?.close());

  it("fails its health check at once but goes on serving, asking clients to reconnect elsewhere", async () => {
    const c = client(t);
    expect((await c.get("/healthz")).statusCode).toBe(200);
    lifecycle.draining = true;
    const health = await c.get("/healthz");
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: "draining" });
    const brands = await c.get("/api/brands");
    expect(brands.statusCode).toBe(200);
    expect(brands.headers.connection).toBe("close");
  });

  it("drains five seconds behind a balancer, not at all as the one embedded process", () => {
    expect(loadConfig({ DATA_DIR: "/tmp/x" }).shutdownDrainMs).toBe(0);
    const shared = { DATABASE_URL: "postgres://db/relaptop", AUTH_SECRET: "x".repeat(32) };
    expect(loadConfig(shared).shutdownDrainMs).toBe(5_000);
    expect(loadConfig({ ...shared, SHUTDOWN_DRAIN_MS: "20000" }).shutdownDrainMs).toBe(20_000);
  });
});
