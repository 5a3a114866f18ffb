import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

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

// Memory a process holds from its start (docs/benchmarks.md, "Memory and the start, measured").
describe.runIf(process.env.TEST_DATABASE === "pglite")("what a process loads at its start", () => {
  it("the supervisor of several app processes loads none of the app", () => {
    const loaded = packagesLoadedBy([url("server/start.ts")]);
    expect(loaded).toContain("zod"); // the configuration's schema: the hook saw the graph
    for (const app of ["fastify", "react", "react-router", "better-auth", "drizzle-orm", "pg", "pg-boss"]) {
      expect(loaded).not.toContain(app);
    }
  });

  it("a serving process and its pages load the card provider's SDK, the mail transport, Redis's client and sharp only when used", () => {
    const loaded = packagesLoadedBy([url("server/serve.ts"), url("build/server/index.js")]);
    expect(loaded).toContain("fastify");
    for (const onDemand of ["stripe", "nodemailer", "ioredis", "sharp"]) expect(loaded).not.toContain(onDemand);
  });
});
