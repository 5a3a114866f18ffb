import { execFile } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { createAdvert, createBrand, createUser } from "../../seed/factories.ts";
import type { Lifecycle } from "../../server/app.ts";
import { configVariables } from "../../server/config.ts";
import { closeGently } from "../../server/graceful-close.ts";
import { NODE_FLAGS, SERVER_ENTRY } from "../../server/node-flags.ts";
import { NGINX, nginxInstalled, startNginx, writeLocalNginxConfig } from "../support/nginx.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

interface Service {
  image?: string;
  build?: string;
  command?: string[];
  environment?: Record<string, string | number>;
  networks?: string[] | Record<string, { ipv4_address?: string }>;
  volumes?: string[];
  stop_grace_period?: string;
}
const compose = parse(fs.readFileSync("compose.yaml", "utf8"), { merge: true }) as {
  services: Record<string, Service>;
};
const nginxConf = fs.readFileSync("deploy/nginx.conf", "utf8");
const APPS = ["app1", "app2", "app3"];

describe("the deploy recipe (compose.yaml, Dockerfile, deploy/nginx.conf)", () => {
  it("has the drill's topology: nginx over three app processes, PostgreSQL and a replica, Redis, S3", () => {
    const { services } = compose;
    expect(Object.keys(services).sort()).toEqual(
      ["nginx", ...APPS, "worker", "migrate", "postgres", "postgres-replica", "redis", "minio", "buckets"].sort(),
    );
    const nginxNetworks = services.nginx?.networks as Record<string, { ipv4_address?: string }> | undefined;
    const nginxAddress = nginxNetworks?.relaptop?.ipv4_address;
    expect(nginxAddress).toMatch(/^172\.28\./);
    // Variables the Redis and replica work (issue 17) reads, merged on its own branch.
    const known = new Set([...Object.keys(configVariables()), "DATABASE_REPLICA_URL", "REDIS_URL"]);
    for (const name of APPS) {
      const env = services[name]?.environment ?? {};
      expect(env.TRUST_PROXY, name).toBe(nginxAddress);
      expect(env.MEDIA_STORAGE, name).toBe("s3");
      expect(String(env.DATABASE_URL), name).toMatch(/@postgres:5432\//);
      expect(String(env.DATABASE_REPLICA_URL), name).toMatch(/@postgres-replica:5432\//);
      for (const variable of Object.keys(env)) expect(known, `${name} sets ${variable}`).toContain(variable);
    }
    // Docker waits long enough for SIGTERM's drain, stepping out of nginx (2 s at most) and closing.
    for (const name of APPS) {
      const drain = Number(services[name]?.environment?.SHUTDOWN_DRAIN_MS);
      const grace = Number.parseInt(services[name]?.stop_grace_period ?? "10s", 10) * 1000;
      expect(grace, name).toBeGreaterThanOrEqual(drain + 2_000 + Math.max(drain, 2_000) + 1_000);
    }
    // The apps only serve; the worker works the queue, with the same settings otherwise.
    for (const name of APPS) expect(services[name]?.environment?.RUN_JOBS, name).toBe("false");
    expect(services.worker?.command).toEqual(["node", ...NODE_FLAGS, SERVER_ENTRY, "--worker"]);
    expect(services.worker?.environment?.RUN_JOBS).toBe("true");
    expect(services.worker?.environment?.DATABASE_URL).toBe(services.app1?.environment?.DATABASE_URL);
    // nginx balances exactly the app services, and the replica is cloned from the primary.
    const upstreams = [...nginxConf.matchAll(/^\s*server (\S+):3000/gm)].map((m) => m[1]);
    expect(upstreams).toEqual(APPS);
    expect(fs.readFileSync("deploy/postgres/replica-entrypoint.sh", "utf8")).toContain("pg_basebackup --host=postgres");
  });

  it("builds an image that runs as a non-root user with production dependencies and a health check", () => {
    const dockerfile = fs.readFileSync("Dockerfile", "utf8");
    expect(dockerfile).toMatch(/^FROM node:24-slim AS build$/m);
    expect(dockerfile).toContain("npm ci --omit=dev");
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK [\s\S]*\/healthz/m);
    expect(dockerfile).toContain(`CMD ${JSON.stringify(["node", ...NODE_FLAGS, SERVER_ENTRY]).replaceAll(",", ", ")}`);
  });

  it.skipIf(!nginxInstalled())("nginx accepts deploy/nginx.conf (nginx -t)", async () => {
    const { dir, file } = writeLocalNginxConfig({ upstreams: ["127.0.0.1:3001", "127.0.0.1:3002"], port: 8080 });
    try {
      const { stderr } = await promisify(execFile)(NGINX, ["-t", "-c", file, "-p", dir, "-g", `pid ${dir}/nginx.pid;`]);
      expect(stderr).toContain("test is successful");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!nginxInstalled())("nginx from the recipe in front of the app", () => {
  let t: TestApp;
  let proxy: Awaited<ReturnType<typeof startNginx>>;
  beforeAll(async () => {
    // Ten seconds: the second read is a hit however slow the machine is.
    t = await startTestApp({ PUBLIC_CACHE_MS: "10000", TRUST_PROXY: "127.0.0.1" });
    const sellerId = (await createUser(t, { name: "Sid", email: "sid@x.test", role: "seller" })).id;
    await createUser(t, { name: "Bea", email: "bea@x.test" });
    const brandId = (await createBrand(t, "Lenovo")).id;
    await createAdvert(t, { sellerId, brandId, name: "ThinkPad", resalePriceCents: 50_000 });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as net.AddressInfo;
    proxy = await startNginx({ upstreams: [`127.0.0.1:${port}`], port: await freePort() });
  });
  afterAll(async () => {
    await proxy?.stop();
    await t?.close();
  });

  it("keeps a visitor's catalogue read for the next visitor, never a signed-in person's answers", async () => {
    const url = `${proxy.url}/api/adverts?sort=newest`;
    expect((await fetch(url)).headers.get("x-cache")).toBe("MISS");
    const again = await fetch(url);
    expect(again.headers.get("x-cache")).toBe("HIT");
    expect(((await again.json()) as { items: { name: string }[] }).items.map((i) => i.name)).toEqual(["ThinkPad"]);

    const signIn = await fetch(`${proxy.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://relaptop.test" },
      body: JSON.stringify({ email: "bea@x.test", password: "Passw0rd!" }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    for (let i = 0; i < 2; i++) {
      const mine = await fetch(url, { headers: { cookie } });
      expect(mine.headers.get("x-cache")).toBe("BYPASS");
      expect(mine.headers.get("cache-control")).toBe("private, no-store");
      const me = await fetch(`${proxy.url}/api/me`, { headers: { cookie } });
      expect(me.status).toBe(200);
    }
    // Nothing of Bea's was kept: a visitor asking the same is told to sign in.
    expect((await fetch(`${proxy.url}/api/me`)).status).toBe(401);
  });
});

describe.skipIf(!nginxInstalled())("a process stopping behind nginx", () => {
  // SIGTERM's leaving step (server/graceful-close.ts) with the recipe's nginx: the reads it answers 503 go to
  // the other process, and nginx stops connecting to it, so it can stop listening with no connection in flight.
  it("has its reads answered by the other, and is no longer chosen before it stops listening", async () => {
    // Not draining yet: nginx's first look at /healthz (startNginx) would find it failing and leave it out.
    const leaving: Lifecycle = { draining: false };
    const a = await startTestApp({ TRUST_PROXY: "127.0.0.1" }, {}, { lifecycle: leaving });
    const b = await startTestApp({ TRUST_PROXY: "127.0.0.1" });
    let proxy: Awaited<ReturnType<typeof startNginx>> | undefined;
    try {
      const ports: number[] = [];
      for (const app of [a.app, b.app]) {
        await app.listen({ port: 0, host: "127.0.0.1" });
        ports.push((app.server.address() as net.AddressInfo).port);
      }
      proxy = await startNginx({ upstreams: ports.map((p) => `127.0.0.1:${p}`), port: await freePort() });
      const url = `${proxy.url}/api/me`; // never cached: every read reaches a process
      const statuses: number[] = [];
      let answeredWhileLeaving = 0;
      let running = true;
      const reader = async () => {
        while (running) {
          statuses.push((await fetch(url)).status);
          if (leaving.leaving && !leaving.closing) answeredWhileLeaving++;
        }
      };
      const readers = Array.from({ length: 4 }, reader);
      while (statuses.length < 20) await new Promise((resolve) => setTimeout(resolve, 10));
      leaving.draining = true;
      let reachedWhileLeaving = 0;
      a.app.server.on("request", () => {
        if (!leaving.closing) reachedWhileLeaving++;
      });
      await closeGently(a.app, leaving, 2_000, { leave: true, quietMs: 1_000, leaveMaxMs: 20_000 });
      running = false;
      await Promise.all(readers);
      expect(statuses.filter((s) => s !== 401)).toEqual([]); // every read answered (signed out), none failed
      // nginx learnt from the first 503 (its workers share what they learn: the upstream's zone), give or take
      // a read already on its way, and sent every other read to the other process while this one listened.
      expect(reachedWhileLeaving).toBeGreaterThan(0);
      expect(reachedWhileLeaving).toBeLessThanOrEqual(4);
      expect(answeredWhileLeaving).toBeGreaterThanOrEqual(10);
    } finally {
      await proxy?.stop();
      await a.close();
      await b.close();
    }
  });
});

async function freePort() {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
