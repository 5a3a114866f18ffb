import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
export const nginxInstalled = () => fs.existsSync(NGINX);

export interface LocalNginx {
  /** The app processes, `host:port` each. */
  upstreams: string[];
  /** Where nginx listens (127.0.0.1). */
  port: number;
  /** A scratch folder for its cache, temporary files and pid. */
  dir: string;
  /** The S3-compatible server behind /images/ (`host:port`); compose's is minio:9000. */
  media?: string;
}

/**
 * deploy/nginx.conf as it runs in compose.yaml, made runnable by a local nginx (Debian's, not as a
 * service): these upstreams instead of compose's app1..3, this port, and everything it writes in `dir`.
 * The tests and the cluster drill run the recipe's own configuration this way.
 */
export function localNginxConfig({ upstreams, port, dir, media = "127.0.0.1:9" }: LocalNginx): string {
  const recipe = fs.readFileSync(path.resolve("deploy/nginx.conf"), "utf8");
  const list = /(# The app processes[^\n]*\n)[\s\S]*?(\s*# \(upstream-list: end\))/;
  if (!list.test(recipe)) throw new Error("deploy/nginx.conf lost its upstream-list markers");
  const scratch = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(
    (kind) => `    ${kind}_temp_path ${path.join(dir, kind)};`,
  );
  return recipe
    .replace(list, (_all, begin: string, end: string) => {
      const servers = upstreams.map((u) => `        server ${u} max_fails=1 fail_timeout=5s;`).join("\n");
      return `${begin}${servers}${end}`;
    })
    .replace(/listen 80;/, `listen 127.0.0.1:${port};`)
    .replaceAll("/var/cache/nginx/", `${path.join(dir, "cache")}/`)
    .replaceAll("/var/log/nginx/", `${dir}/`)
    .replaceAll("minio:9000", media)
    .replace(/^http \{$/m, `http {\n${scratch.join("\n")}`);
}

/** Writes the configuration into a new scratch folder: `nginx -t -c <file> -p <dir>` checks it. */
export function writeLocalNginxConfig(options: Omit<LocalNginx, "dir">) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "relaptop-nginx-"));
  // Run as root, nginx's workers are `nobody`: they must reach the cache and temporary folders.
  fs.chmodSync(dir, 0o755);
  fs.mkdirSync(path.join(dir, "cache"));
  const file = path.join(dir, "nginx.conf");
  fs.writeFileSync(file, localNginxConfig({ ...options, dir }));
  return { dir, file };
}

/** nginx in the foreground with that configuration; `stop` ends it (this process only) and removes the folder. */
export async function startNginx(options: Omit<LocalNginx, "dir">) {
  const { dir, file } = writeLocalNginxConfig(options);
  const child: ChildProcess = spawn(NGINX, ["-c", file, "-p", dir, "-g", `daemon off; pid ${dir}/nginx.pid;`], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let errors = "";
  child.stderr?.on("data", (chunk) => {
    errors += String(chunk);
  });
  const url = `http://127.0.0.1:${options.port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      // Its workers finish what they hold first; one that does not is not waited for.
      const late = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(late);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  for (let tries = 0; ; tries++) {
    try {
      await fetch(`${url}/healthz`);
      // What nginx logged (warnings and errors: an upstream that reset or closed a connection, say).
      return { url, stop, said: () => errors };
    } catch {
      if (child.exitCode !== null || tries > 100) {
        await stop();
        throw new Error(`nginx did not listen on ${url}: ${errors}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
