/** Starting, waiting for and stopping the servers the benchmarks, the profiler and the drills run. */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import { NODE_FLAGS, SERVER_ENTRY } from "../server/node-flags.ts";

export { SERVER_ENTRY };

/**
 * The server runs from its bundle (SERVER_ENTRY): built first when the sources changed since (as `npm start`
 * does), so that what is measured or tested is the code as it stands.
 */
export function buildIfStale() {
  const { status } = spawnSync(process.execPath, ["scripts/build-if-stale.ts"], { stdio: "inherit" });
  if (status !== 0) throw new Error("the build failed");
}

/** The server's entry in checkout `dir`: its bundle, or its sources for a commit from before the bundle (decision 27). */
export const serverEntryIn = (dir: string) => (fs.existsSync(`${dir}/${SERVER_ENTRY}`) ? SERVER_ENTRY : "main.ts");

/** `--name value` from the command line. */
export function argument(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}

/**
 * A Node process (its stdout dropped, its errors shown) on 127.0.0.1:port, in production mode and with
 * production's flags — in `cwd` when given (another checkout's app, for a before/after comparison).
 */
export function startNode(args: string[], port: number, env: Record<string, string> = {}, cwd?: string): ChildProcess {
  return spawn(process.execPath, [...NODE_FLAGS, ...args], {
    cwd,
    // No drain on SIGTERM unless a drill asks for one: nothing balances these processes.
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      SHUTDOWN_DRAIN_MS: "0",
      // One process each, as the drills and benchmarks count them, unless one asks for more.
      WEB_CONCURRENCY: "1",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

/** Whether `what` comes true within the time given (checked every 100 ms). */
export async function until(what: () => Promise<boolean>, timeoutMs = 60_000): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await what()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

/** Whether `url` answers 2xx within the time given. */
export const answers = (url: string, timeoutMs?: number) =>
  until(
    () =>
      fetch(url).then(
        (r) => r.ok,
        () => false,
      ),
    timeoutMs,
  );

/** Stops a process and waits until it is gone (an embedded database's folder stays locked until then). */
export async function stop(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM") {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((r) => child.once("exit", r));
  child.kill(signal);
  await gone;
}

/** A process's /proc file (Linux), or "" elsewhere or once it is gone. */
const procFile = (pid: number | undefined, name: string) => {
  try {
    return pid === undefined ? "" : fs.readFileSync(`/proc/${pid}/${name}`, "utf8");
  } catch {
    return "";
  }
};

/** The CPU time a process has used so far, in ms (user + system): what a run costs, whatever shares the machine. */
export function cpuMsOf(pid: number | undefined) {
  const stat = procFile(pid, "stat");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) * 10; // clock ticks of 10 ms
}

/** A process's resident memory now and at its peak so far, in MB (the kernel's VmRSS and VmHWM). */
export function memoryOf(pid: number | undefined) {
  const status = procFile(pid, "status");
  const kb = (field: string) => Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, "m"))?.[1] ?? Number.NaN);
  return { rssMb: Math.round(kb("VmRSS") / 1024), peakMb: Math.round(kb("VmHWM") / 1024) };
}
