/**
 * The real parts the cluster drill and the scaling bench start for themselves, on ports of their own:
 * Debian's nginx running the deploy recipe's own configuration (deploy/nginx.conf, through
 * tests/support/nginx.ts), a Redis server, and S3-compatible storage (s3rver).
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import net from "node:net";
import { nginxInstalled, startNginx as startRecipeNginx } from "../../tests/support/nginx.ts";
import { S3RVER_CREDENTIALS, startS3Server } from "../../tests/support/s3-server.ts";
import { until } from "../processes.ts";

/** The bucket deploy/nginx.conf serves under /images/. */
const BUCKET = "relaptop-media";

const installed = (binary: string) => {
  try {
    return Boolean(execFileSync("sh", ["-c", `command -v ${binary}`], { encoding: "utf8" }).trim());
  } catch {
    return false;
  }
};

/** What this machine lacks of the parts (empty: everything is here). */
export const missingParts = (): string[] =>
  [!nginxInstalled() && "nginx (Debian: apt-get install nginx)", !installed("redis-server") && "redis-server"].filter(
    (m): m is string => Boolean(m),
  );

export interface Part {
  url: string;
  stop(): Promise<void>;
}

/** nginx on `port` balancing the app processes on `apps`, its /images/ served from `media` (host:port). */
export const startNginx = (apps: number[], port: number, media?: string): Promise<Part & { said(): string }> =>
  startRecipeNginx({ upstreams: apps.map((p) => `127.0.0.1:${p}`), port, media });

const answersNow = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.end();
      resolve(true);
    });
    socket.on("error", () => resolve(false));
  });

/** A Redis server of the drill's own (nothing kept on disk). */
export async function startRedis(port: number): Promise<Part> {
  // One left by a killed run would answer in its place, its counters (the login throttle's) carried over.
  if (await answersNow(port)) {
    throw new Error(`something already listens on ${port} (a redis-server left by an earlier drill?): stop it first`);
  }
  const child: ChildProcess = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: "ignore" },
  );
  if (!(await until(() => answersNow(port), 15_000))) throw new Error(`redis-server did not start on ${port}`);
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode !== null) return;
      const gone = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await gone;
    },
  };
}

/** S3-compatible storage with the images' bucket, and the app's settings for it. */
export async function startS3(): Promise<Part & { env: Record<string, string>; host: string }> {
  const server = await startS3Server([BUCKET]);
  return {
    url: server.endpoint,
    host: new URL(server.endpoint).host,
    env: {
      MEDIA_STORAGE: "s3",
      S3_ENDPOINT: server.endpoint,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    },
    stop: () => server.close(),
  };
}
