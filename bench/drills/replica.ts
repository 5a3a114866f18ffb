/**
 * A real streaming replica of a local PostgreSQL server, for the tests and the cluster drill: made with
 * `pg_basebackup -R` into a temporary folder and served by a second postmaster on another port. The
 * primary must allow replication connections from 127.0.0.1 (pg_hba.conf: `host replication all
 * 127.0.0.1/32 trust`, which .ci/run adds) and have wal_level replica (the default) with a free WAL sender.
 * PostgreSQL refuses to run as root: as root, the replica runs as the `postgres` user.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";
import pg from "pg";

const run = promisify(execFile);

export interface ReplicaServer {
  /** Its address, with the primary's user and database. */
  url: string;
  port: number;
  dataDir: string;
  /** Stops the server (fast shutdown: connections are cut), keeping its data: "the replica is down". */
  pause(): Promise<void>;
  /** Starts it again; it catches up from the primary by itself. */
  resume(): Promise<void>;
}

export interface ReplicaOptions {
  /** The primary, e.g. postgres://postgres@127.0.0.1:5432/postgres (its user needs the REPLICATION right). */
  primaryUrl: string;
  /** Unset: a free port. */
  port?: number;
  /** PostgreSQL's programs (Debian: /usr/lib/postgresql/<major>/bin); unset, found from the primary's version. */
  binDir?: string;
}

/** Where `pg_ctl` lives for the primary's major version (Debian keeps it off PATH). */
async function findBinDir(primary: pg.Client): Promise<string> {
  const { rows } = await primary.query<{ v: string }>("show server_version_num");
  const major = Math.floor(Number(rows[0]?.v) / 10_000);
  const debian = `/usr/lib/postgresql/${major}/bin`;
  if (fs.existsSync(path.join(debian, "pg_ctl"))) return debian;
  const { stdout } = await run("pg_config", ["--bindir"]).catch(() => ({ stdout: "" }));
  if (stdout.trim()) return stdout.trim();
  throw new Error(`pg_ctl for PostgreSQL ${major} not found: pass binDir`);
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

/**
 * Runs a PostgreSQL program as the postgres user when we are root (the server refuses root), with the
 * primary's password, if its address has one, for pg_basebackup (which -R also writes into the replica's
 * primary_conninfo).
 */
function asPostgres(program: string, args: string[], password = "") {
  const options = { maxBuffer: 16 * 1024 * 1024, env: { ...process.env, ...(password && { PGPASSWORD: password }) } };
  if (process.getuid?.() !== 0) return run(program, args, options);
  return run("runuser", ["-u", "postgres", "--", program, ...args], options);
}

/**
 * Makes and starts a replica; resolves once it accepts connections in recovery and has replayed what the
 * primary had written when it was made.
 */
export async function startReplica({ primaryUrl, port, binDir }: ReplicaOptions): Promise<ReplicaServer> {
  const primary = new pg.Client({ connectionString: primaryUrl });
  await primary.connect();
  try {
    const bin = binDir ?? (await findBinDir(primary));
    // A hot standby needs at least the primary's values of these.
    const { rows } = await primary.query<{ name: string; setting: string }>(
      `select name, setting from pg_settings where name in
        ('max_connections', 'max_worker_processes', 'max_wal_senders', 'max_prepared_transactions', 'max_locks_per_transaction')`,
    );
    const listenOn = port ?? (await freePort());
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "relaptop-replica-"));
    if (process.getuid?.() === 0) await run("chown", ["postgres:postgres", dataDir]);
    fs.chmodSync(dataDir, 0o700);
    const source = new URL(primaryUrl);
    try {
      await asPostgres(
        path.join(bin, "pg_basebackup"),
        [
          "-h",
          source.hostname,
          "-p",
          source.port || "5432",
          "-U",
          decodeURIComponent(source.username || "postgres"),
          "-D",
          dataDir,
          "-R", // standby.signal, and primary_conninfo in postgresql.auto.conf
          "-X",
          "stream",
          "-c",
          "fast",
        ],
        decodeURIComponent(source.password),
      );
    } catch (error) {
      fs.rmSync(dataDir, { recursive: true, force: true });
      throw new Error(
        `pg_basebackup from ${source.host} failed (does pg_hba.conf allow "host replication all 127.0.0.1/32"?): ${(error as { stderr?: string }).stderr ?? error}`,
      );
    }
    // Debian keeps the configuration outside the data folder: the replica gets its own.
    const conf = [
      `port = ${listenOn}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${dataDir}'`,
      "hot_standby = on",
      "hot_standby_feedback = on",
      "fsync = off", // a throwaway copy
      ...rows.map((r) => `${r.name} = ${r.setting}`),
    ];
    const write = (file: string, lines: string[]) =>
      fs.writeFileSync(path.join(dataDir, file), `${lines.join("\n")}\n`);
    write("postgresql.conf", conf);
    write("pg_hba.conf", ["local all all trust", "host all all 127.0.0.1/32 trust"]);
    write("pg_ident.conf", []);
    if (process.getuid?.() === 0) await run("chown", ["-R", "postgres:postgres", dataDir]);

    const ctl = (...args: string[]) => asPostgres(path.join(bin, "pg_ctl"), ["-D", dataDir, ...args]);
    const replicaUrl = new URL(primaryUrl);
    replicaUrl.hostname = "127.0.0.1";
    replicaUrl.port = String(listenOn);
    const server: ReplicaServer = {
      url: replicaUrl.toString(),
      port: listenOn,
      dataDir,
      async pause() {
        await ctl("-m", "fast", "-w", "stop");
      },
      async resume() {
        await ctl("-l", path.join(dataDir, "server.log"), "-w", "-t", "60", "start");
      },
    };
    await server.resume();
    const { rows: lsn } = await primary.query<{ lsn: string }>("select pg_current_wal_lsn()::text as lsn");
    await caughtUp(server.url, lsn[0]?.lsn ?? "0/0");
    return server;
  } finally {
    await primary.end();
  }
}

/** Waits until the replica answers in recovery and has replayed up to `lsn`. */
async function caughtUp(url: string, lsn: string, withinMs = 30_000) {
  const until = Date.now() + withinMs;
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      const { rows } = await client.query<{ ok: boolean }>(
        "select pg_is_in_recovery() and pg_last_wal_replay_lsn() >= $1::pg_lsn as ok",
        [lsn],
      );
      if (rows[0]?.ok) return;
    } catch {
      // still starting
    } finally {
      await client.end().catch(() => {});
    }
    if (Date.now() > until) throw new Error(`the replica at ${url} did not catch up within ${withinMs} ms`);
    await sleep(100);
  }
}

/** Stops the replica (if running) and deletes its folder. */
export async function stopReplica(server: ReplicaServer): Promise<void> {
  await server.pause().catch(() => {});
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}
