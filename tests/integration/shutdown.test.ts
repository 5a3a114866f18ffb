import http from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";
import { describe, expect, it } from "vitest";
import type { Lifecycle } from "../../server/app.ts";
import { loadConfig } from "../../server/config.ts";
import { closeGently } from "../../server/graceful-close.ts";
import { client } from "../support/http.ts";
import { PUBLIC_URL, startTestApp, testAppForTests } from "../support/test-app.ts";

/** Another app process, already told to stop (draining), listening on loopback: it, its lifecycle, its port. */
async function drainingProcess() {
  const lifecycle: Lifecycle = { draining: true };
  const other = await startTestApp({}, {}, { lifecycle });
  await other.app.listen({ port: 0, host: "127.0.0.1" });
  return { other, lifecycle, port: (other.app.server.address() as AddressInfo).port };
}

/** A new connection to `port` on loopback: "accepted", or the error it was refused with. */
const connecting = (port: number) =>
  new Promise((resolve, reject) => net.connect(port, "127.0.0.1", () => resolve("accepted")).on("error", reject));

describe("a process told to stop", () => {
  const lifecycle: Lifecycle = { draining: false };
  const t = testAppForTests({}, {}, { lifecycle });

  it("fails its health check at once but goes on serving as before", async () => {
    const c = client(t);
    expect((await c.get("/healthz")).statusCode).toBe(200);
    lifecycle.draining = true;
    const health = await c.get("/healthz");
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: "draining" });
    const brands = await c.get("/api/brands");
    expect(brands.statusCode).toBe(200);
    expect(brands.headers.connection).not.toBe("close");
  });

  // A connection closed while idle may have a request on its way (a POST cut off so is not retried by
  // nginx); a refused connection never reached the process, so nginx sends it to another one.
  it("then refuses new connections and closes each open one after answering it, not while idle", async () => {
    const { other, lifecycle: closing, port } = await drainingProcess();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ status?: number; connection?: string }>((resolve, reject) => {
        http
          .get({ host: "127.0.0.1", port, path: "/api/brands", agent }, (res) => {
            res.resume();
            res.on("end", () => resolve({ status: res.statusCode, connection: res.headers.connection }));
          })
          .on("error", reject);
      });
    expect(await get()).toMatchObject({ status: 200, connection: "keep-alive" });

    const started = Date.now();
    const closed = closeGently(other.app, closing, 10_000);
    await expect(connecting(port)).rejects.toMatchObject({ code: "ECONNREFUSED" });
    // The idle connection was kept: its next request is answered, and then it is closed.
    expect(await get()).toMatchObject({ status: 200, connection: "close" });
    await closed;
    expect(Date.now() - started).toBeLessThan(5_000); // as soon as the last connection ended, not after the grace
    agent.destroy();
    await other.close();
  });

  // nginx does not watch /healthz: a read answered 503 is retried on another process and counts as this one
  // failing, so nginx stops choosing it before it stops listening. A write may not go elsewhere: it is served.
  it("behind a balancer, first steps out of it: reads answered 503, writes served, then no new connection", async () => {
    const { other, lifecycle: leaving, port } = await drainingProcess();
    const ask = (method: string, path: string, body?: string) =>
      new Promise<{ status?: number; connection?: string; retryAfter?: string }>((resolve, reject) => {
        const req = http.request(
          {
            host: "127.0.0.1",
            port,
            method,
            path,
            agent: false,
            headers: body ? { "content-type": "application/json", origin: PUBLIC_URL } : {},
          },
          (res) => {
            res.resume();
            res.on("end", () =>
              resolve({
                status: res.statusCode,
                connection: res.headers.connection,
                retryAfter: res.headers["retry-after"],
              }),
            );
          },
        );
        req.on("error", reject);
        req.end(body);
      });
    expect(await ask("GET", "/api/brands")).toMatchObject({ status: 200 });

    // A second without a new connection ends it (250 ms in production): room for a slow machine between requests.
    const closed = closeGently(other.app, leaving, 10_000, { leave: true, quietMs: 1_000, leaveMaxMs: 20_000 });
    expect(await ask("GET", "/api/brands")).toEqual({ status: 503, connection: "close", retryAfter: "1" });
    expect(await ask("HEAD", "/")).toMatchObject({ status: 503 });
    const write = await ask("POST", "/api/auth/sign-in/email", JSON.stringify({ email: "no@x.test", password: "x" }));
    expect(write).toMatchObject({ status: 401 });
    // Once no new connection has come for a moment, it stops listening.
    await closed;
    await expect(connecting(port)).rejects.toMatchObject({ code: "ECONNREFUSED" });
    await other.close();
  });

  // nginx sends requests on the connections it keeps open too: while they come, it still chooses this process
  // (it has been sent only writes, none answered 503), and would open new connections, which closing the
  // listening socket resets — a POST on one is cut off. Quiet means no new connection and no request.
  it("goes on listening while requests still come on a connection kept open", async () => {
    const { other, lifecycle: leaving, port } = await drainingProcess();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const write = () =>
      new Promise<number | undefined>((resolve, reject) => {
        http
          .request({ host: "127.0.0.1", port, method: "POST", path: "/api/brands", agent }, (res) => {
            res.resume();
            res.on("end", () => resolve(res.statusCode));
          })
          .on("error", reject)
          .end();
      });
    expect(await write()).toBe(401); // the connection is open
    let stopped = false;
    const closed = closeGently(other.app, leaving, 10_000, { leave: true, quietMs: 1_000, leaveMaxMs: 20_000 });
    void closed.then(() => {
      stopped = true;
    });
    // Writes on that one connection for three times the quiet time, none more than a fifth of it apart.
    const until = Date.now() + 3_000;
    while (Date.now() < until) {
      expect(await write()).toBe(401);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(other.app.server.listening).toBe(true);
    expect(stopped).toBe(false);
    // They stop (and the client lets its connection go): a quiet second later, it stops listening.
    agent.destroy();
    await closed;
    expect(other.app.server.listening).toBe(false);
    await other.close();
  });

  it("drains five seconds behind a balancer, not at all as the one embedded process", () => {
    expect(loadConfig({ DATA_DIR: "/tmp/x" }).shutdownDrainMs).toBe(0);
    const shared = { DATABASE_URL: "postgres://db/relaptop", AUTH_SECRET: "x".repeat(32) };
    expect(loadConfig(shared).shutdownDrainMs).toBe(5_000);
    expect(loadConfig({ ...shared, SHUTDOWN_DRAIN_MS: "20000" }).shutdownDrainMs).toBe(20_000);
  });
});
