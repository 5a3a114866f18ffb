/**
 * The tests' half of `npm test` (after lint, type-check and build): Vitest, the Playwright journeys and the
 * short drills, with the servers they need.
 * - PostgreSQL: DATABASE_URL's server, or a throwaway one of our own from npm (tests/support/throwaway-postgres.ts),
 *   so the second database pass and the replica always run.
 * - Redis, nginx and sqlmap come from the system's packages, not npm: each part that needs one runs when it is
 *   here and is otherwise skipped, said in one line with the command that installs it, and counted in the
 *   summary at the end. Under CI=true a skipped part fails the run before anything starts.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { startRedis } from "../bench/drills/cluster-parts.ts";
import { nginxInstalled } from "./support/nginx.ts";
import { redisAnswers } from "./support/redis.ts";
import { freePort, startThrowawayPostgres, type ThrowawayPostgres } from "./support/throwaway-postgres.ts";

interface Skipped {
  part: string;
  what: string;
  install: string;
}

const onPath = (program: string) => spawnSync("sh", ["-c", `command -v ${program}`]).status === 0;

const cleanups: (() => Promise<void>)[] = [];
async function cleanUp() {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
}
let running: ChildProcess | undefined;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    running?.kill(signal);
    await cleanUp();
    process.exit(130);
  });
}

const env: Record<string, string> = {};
const skipped: Skipped[] = [];

// Redis: TEST_REDIS_URL's, else one of our own when redis-server is installed, else the usual local one.
if (!process.env.TEST_REDIS_URL) {
  if (onPath("redis-server")) {
    const redis = await startRedis(await freePort());
    cleanups.push(redis.stop);
    env.TEST_REDIS_URL = redis.url;
  } else if (await redisAnswers("redis://127.0.0.1:6379")) {
    env.TEST_REDIS_URL = "redis://127.0.0.1:6379";
  } else {
    skipped.push({
      part: "Redis",
      what: "the REDIS_URL tests and the cluster drill",
      install: "sudo apt-get install redis-server",
    });
  }
}
if (!nginxInstalled()) {
  skipped.push({
    part: "nginx",
    what: "the deploy recipe's tests and the cluster drill",
    install: "sudo apt-get install nginx",
  });
}
if (!onPath("sqlmap")) {
  skipped.push({ part: "sqlmap", what: "the hostile-input drill", install: "sudo apt-get install sqlmap" });
}
const summary = () =>
  `${skipped.length} part${skipped.length === 1 ? "" : "s"} skipped: ${skipped.map((s) => s.part).join(", ")}`;
for (const { part, what, install } of skipped) {
  console.log(`${part}: skipped — needed by ${what}. Install: ${install}`);
}
if (skipped.length > 0 && process.env.CI) {
  console.log(`\n${summary()}: CI runs every part`);
  await cleanUp();
  process.exit(1);
}

let postgres: ThrowawayPostgres | undefined;
if (!process.env.DATABASE_URL) {
  postgres = await startThrowawayPostgres();
  cleanups.push(postgres.remove);
  env.DATABASE_URL = postgres.url;
  console.log(`PostgreSQL ${postgres.url} (a throwaway server of the tests' own; set DATABASE_URL to use another)`);
}

/** Runs an npm script with the servers' addresses; its exit code. */
function npmRun(script: string, args: string[] = []): Promise<number> {
  return new Promise((resolve) => {
    running = spawn("npm", ["run", script, "--", ...args], {
      stdio: "inherit",
      env: { ...process.env, ...env },
    });
    running.once("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

let failed = "";
for (const [script, args] of [
  ["test:vitest", []],
  ["test:e2e", []],
  ["drills", ["--short"]],
] as const) {
  if ((await npmRun(script, [...args])) !== 0) {
    failed = script;
    break;
  }
}
await cleanUp();
if (skipped.length > 0) console.log(`\n${summary()} (see above for what installs each)`);
if (failed) {
  console.log(`\nnpm test failed in ${failed}`);
  process.exit(1);
}
