import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { memoryOf } from "../../bench/processes.ts";
import { createScratchDatabase } from "../../db/scratch-database.ts";
import { SERVER_ENTRY } from "../../server/node-flags.ts";
import { redisAvailable, TEST_REDIS_URL } from "../support/redis.ts";
import { startServer, waitForHealth } from "../support/server-process.ts";

/**
 * The packages a fresh Node process loads for `modules` (their static graphs: what a start pays for before anyone
 * asks for anything).
 */
function packagesLoadedBy(modules: string[]): string[] {
  const script = `
    import { registerHooks } from "node:module";
    const seen = new Set();
    registerHooks({
      load(url, context, next) {
        const name = url.match(/node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//)?.[1];
        if (name) seen.add(name);
        return next(url, context);
      },
    });
    for (const m of JSON.parse(process.argv[1])) await import(m);
    console.log(JSON.stringify([...seen]));
  `;
  const run = spawnSync(process.execPath, ["--input-type=module", "-e", script, JSON.stringify(modules)], {
    cwd: process.cwd(),
    env: { ...process.env, NODE_ENV: "production" },
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout.trim().split("\n").at(-1) ?? "[]");
}

const url = (file: string) => new URL(`../../${file}`, import.meta.url).href;

/**
 * The text of `chunk` in the server's bundle (build/main, scripts/build.ts) and of every chunk it imports
 * statically, as loading it loads them; `import()` of another chunk is left for when it is called.
 */
function staticallyLoadedWith(chunk: string): string {
  const dir = path.dirname(SERVER_ENTRY);
  const texts = new Map<string, string>();
  const visit = (file: string) => {
    if (texts.has(file)) return;
    const text = fs.readFileSync(path.join(dir, file), "utf8");
    texts.set(file, text);
    for (const [, next] of text.matchAll(/^(?:import|\} from) .*?"\.\/([^"]+\.js)";$/gm)) visit(next as string);
  };
  visit(chunk);
  return [...texts.values()].join("\n");
}

// Memory a process holds from its start (docs/benchmarks.md, "Memory and the start, measured").
describe.runIf(process.env.TEST_DATABASE === "pglite")("what a process loads at its start", () => {
  it("the supervisor of several app processes loads none of the app", () => {
    const loaded = packagesLoadedBy([url("server/start.ts")]);
    expect(loaded).toContain("zod"); // the configuration's schema: the hook saw the graph
    for (const app of ["fastify", "react", "react-router", "better-auth", "drizzle-orm", "pg", "pg-boss"]) {
      expect(loaded).not.toContain(app);
    }
  });

  it("the server's and the pages' modules import the embedded database, the card provider's SDK, the mail transport, Redis's client and sharp only where used", () => {
    const loaded = packagesLoadedBy([url("server/serve.ts"), url("build/server/index.js")]);
    expect(loaded).toContain("fastify");
    for (const onDemand of ["@electric-sql/pglite", "stripe", "nodemailer", "ioredis", "sharp"])
      expect(loaded).not.toContain(onDemand);
  });

  it("the server's bundle keeps them apart too: what a process loads to serve holds none of them", () => {
    const serve = fs.readdirSync(path.dirname(SERVER_ENTRY)).find((file) => /^serve-\w+\.js$/.test(file));
    expect(serve).toBeDefined();
    const loaded = staticallyLoadedWith(serve as string);
    expect(loaded).toContain("// node_modules/fastify/"); // bundled: esbuild names each part's file
    // Bundled packages by their parts' names; those left to Node (scripts/build.ts) by a static import.
    for (const onDemand of ["stripe", "nodemailer", "ioredis"])
      expect(loaded).not.toContain(`// node_modules/${onDemand}/`);
    for (const external of ["@electric-sql/pglite", "sharp"])
      expect(loaded).not.toMatch(new RegExp(` from "${external}`));
  });

  // A package loaded on demand is a chunk of the bundle of its own, whose exports are not the package's own:
  // Redis's client once failed to start there (a named export taken from it), while the sources ran.
  it("the server's bundle starts with Redis, its client loaded on demand", async ({ skip }) => {
    if (!(await redisAvailable())) return skip();
    const server = startServer(fs.mkdtempSync(path.join(os.tmpdir(), "relaptop-bundle-redis-")), 3238, {
      REDIS_URL: TEST_REDIS_URL,
      NODE_ENV: "production",
    });
    try {
      await waitForHealth(3238, server.exited);
      expect((await fetch("http://127.0.0.1:3238/api/adverts")).status).toBe(200);
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);
      expect(server.output()).not.toMatch(/Redis .*unreachable|TypeError/);
    } finally {
      server.kill();
    }
    // A first start: its embedded database is created and migrated (20–30 s beside the other test files on two
    // cores), as in first-start.test.ts.
  }, 120_000);
});

// `npm start` with DATABASE_URL runs one app process a core under a supervisor that serves nothing.
describe.runIf(process.env.TEST_DATABASE === "postgres")("several app processes", () => {
  it("have a supervisor that holds far less than a worker: it loads none of the app", async () => {
    const scratch = await createScratchDatabase(
      process.env.DATABASE_URL as string,
      `relaptop_test_supervisor_${process.pid}`,
      { template: inject("postgresTemplate") },
    );
    const server = startServer(fs.mkdtempSync(path.join(os.tmpdir(), "relaptop-supervisor-")), 3236, {
      DATABASE_URL: scratch.url,
      WEB_CONCURRENCY: "2",
      AUTH_SECRET: "a-test-secret-of-at-least-thirty-two-characters",
      RUN_JOBS: "false",
      NODE_ENV: "production",
    });
    try {
      await waitForHealth(3236, server.exited);
      // Loading the app as its workers do, it held ~220 MB; the configuration and the cluster's metrics, ~96.
      expect(memoryOf(server.child.pid).rssMb).toBeLessThan(150);
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);
    } finally {
      server.kill();
      await scratch.drop();
    }
  });
});
