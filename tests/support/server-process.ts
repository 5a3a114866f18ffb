import { type ChildProcess, spawn } from "node:child_process";
import { NODE_FLAGS, SERVER_ENTRY } from "../../server/node-flags.ts";

/** The server as `npm start` runs it (its bundle, Node's flags too), on an embedded DATA_DIR, its output kept. */
export function startServer(dataDir: string, port: number, env: Record<string, string> = {}) {
  const child: ChildProcess = spawn(process.execPath, [...NODE_FLAGS, SERVER_ENTRY], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  return { child, exited, output: () => output, kill: () => child.kill("SIGKILL") };
}

/** Waits until the server answers /healthz; throws if it exits first. */
export async function waitForHealth(port: number, exited: Promise<unknown>) {
  let done = false;
  void exited.then(() => (done = true));
  while (!done) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("server exited before it was healthy");
}
