/**
 * Workers: WEB_CONCURRENCY=3 on PostgreSQL runs three app processes under one supervisor. Kill -9 one
 * mid-traffic: the others answer meanwhile and the supervisor starts a replacement; SIGTERM the supervisor:
 * every process drains and exits, none is left behind.
 */
import { execFileSync } from "node:child_process";
import { until } from "../processes.ts";
import { check, healthy, postgres, startServer, stop } from "./support.ts";

const PORT = 3508;
const children = (pid: number | undefined) => {
  try {
    return execFileSync("pgrep", ["-P", String(pid)], { encoding: "utf8" })
      .trim()
      .split("\n")
      .filter(Boolean)
      .map(Number);
  } catch {
    return []; // pgrep exits 1 when there are none
  }
};

export async function workersDrill() {
  const db = await postgres("workers");
  console.log("workers: three app processes under one supervisor, on PostgreSQL");
  const server = startServer({ ...db.env, WEB_CONCURRENCY: "3", SHUTDOWN_DRAIN_MS: "500" }, PORT);
  try {
    check(await healthy(PORT), "the supervised processes start and answer");
    check(await until(async () => children(server.pid).length === 3, 30_000), "three app processes run");
    const [victim] = children(server.pid);
    let failed = 0;
    let answered = 0;
    const traffic = (async () => {
      const end = Date.now() + 4_000;
      while (Date.now() < end) {
        // A client's timeout, as nginx's proxy_read_timeout would be: a connection Node's round-robin
        // handed to the victim at the instant it died is never answered nor closed (nobody holds it).
        const res = await fetch(`http://127.0.0.1:${PORT}/api/brands`, { signal: AbortSignal.timeout(1_500) }).catch(
          () => null,
        );
        if (res?.ok) answered++;
        else failed++;
      }
    })();
    process.kill(victim as number, "SIGKILL");
    await traffic;
    // A request on the killed process's connection can fail (or time out); the others answer.
    check(
      answered > 0 && failed <= 5,
      `the other processes answer while one is killed (${answered} ok, ${failed} failed)`,
    );
    check(
      await until(async () => {
        const now = children(server.pid);
        return now.length === 3 && !now.includes(victim as number);
      }, 30_000),
      "the supervisor starts a replacement",
    );
    const workers = children(server.pid);
    const exited = new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));
    server.kill("SIGTERM");
    const code = await exited;
    const left = workers.filter((pid) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    });
    check(
      code === 0 && left.length === 0,
      `SIGTERM drains every process and exits 0 (code ${code}, ${left.length} left)`,
    );
  } finally {
    await stop(server);
    await db.drop();
  }
}
