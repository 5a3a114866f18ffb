import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { QuickReadPool } from "../../db/quick-reads.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

const onPostgres = process.env.TEST_DATABASE === "postgres";
const pidAndEcho = (n: number) => ({ text: "select pg_backend_pid() as pid, $1::int as n", values: [n] });

/**
 * The pipelined connection of the short reads (db/quick-reads.ts): what goes through it answers as a pool
 * would, a failure stays with its own statement or connection, and transactions never go through it.
 */
describe.skipIf(!onPostgres)("quick reads on PostgreSQL", () => {
  let pool: pg.Pool;
  let quick: QuickReadPool;
  const read = (n: number) => quick.query(pidAndEcho(n)).then((r) => r.rows[0] as { pid: number; n: number });

  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
    quick = new QuickReadPool(process.env.DATABASE_URL as string, pool, 1);
    await quick.open();
  });
  afterAll(async () => {
    await quick?.end();
    await pool?.end();
  });

  it("answers two hundred reads made at once, each its own, on one server connection", async () => {
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => read(i)));
    expect(answers.map((a) => a.n)).toEqual(Array.from({ length: 200 }, (_, i) => i));
    expect(new Set(answers.map((a) => a.pid)).size).toBe(1);
  });

  it("fails a statement alone: the reads sent with it are answered", async () => {
    const results = await Promise.allSettled([read(1), quick.query({ text: "select 1 / 0" }), read(3)]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(results[1]).toMatchObject({ reason: { message: "division by zero" } });
    expect((await read(4)).n).toBe(4);
  });

  it("replaces a connection the server ended, the reads going on meanwhile", async () => {
    const { pid } = await read(1);
    // Reads on their way when it ends (queued behind a slow one): each is made again on the pool and answered.
    const slow = quick.query({ text: "select pg_sleep(0.3), $1::int as n", values: [0] });
    const inFlight = [read(2), read(3)];
    await pool.query("select pg_terminate_backend($1)", [pid]);
    expect((await Promise.all([slow, ...inFlight])).map((a) => ("rows" in a ? a.rows[0].n : a.n))).toEqual([0, 2, 3]);
    // Then by the pool while a new connection opens, then by the new one.
    await vi.waitFor(async () => expect((await read(4)).pid).not.toBe(pid), { timeout: 10_000 });
    const after = await Promise.all([read(5), read(6)]);
    expect(after.map((a) => a.n)).toEqual([5, 6]);
  });
});

describe.skipIf(!onPostgres)("a quick read held up", () => {
  it("does not hold the reads behind it: past the timeout they are made again on the pool", async () => {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 3 });
    const quick = new QuickReadPool(process.env.DATABASE_URL as string, pool, 1, { timeoutMs: 300 });
    const locker = await pool.connect();
    try {
      await quick.open();
      await pool.query("create table if not exists quick_reads_held (n int)");
      await locker.query("begin");
      await locker.query("lock table quick_reads_held in access exclusive mode");
      const held = quick.query({ text: "select count(*)::int as n from quick_reads_held" });
      const behind = quick.query(pidAndEcho(7));
      // Answered while the lock is still held: not after it, behind the held read.
      expect(((await behind).rows[0] as { n: number }).n).toBe(7);
      await locker.query("commit");
      expect((await held).rows[0]).toEqual({ n: 0 });
    } finally {
      locker.release();
      await pool.query("drop table if exists quick_reads_held");
      await quick.end();
      await pool.end();
    }
  });
});

describe.skipIf(!onPostgres)("quick reads on two connections", () => {
  it("spreads reads made at once over both, each answered with its own result", async () => {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
    const quick = new QuickReadPool(process.env.DATABASE_URL as string, pool, 2);
    try {
      await quick.open();
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, n) =>
          quick.query(pidAndEcho(n)).then((r) => r.rows[0] as { pid: number; n: number }),
        ),
      );
      expect(answers.map((a) => a.n)).toEqual(Array.from({ length: 100 }, (_, n) => n));
      expect(new Set(answers.map((a) => a.pid)).size).toBe(2);
    } finally {
      await quick.end();
      await pool.end();
    }
  });
});

describe.skipIf(!onPostgres)("the app's quick reads", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it("run a transaction on a pool connection, unseen by the pipelined reads until it commits", async () => {
    const { quickReads } = t.database;
    // Open now (it opens on the first read otherwise, which the pool answers meanwhile).
    await (quickReads as unknown as { $client: QuickReadPool }).$client.open();
    const pid = async (db: typeof quickReads) =>
      ((await db.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] }).rows[0]?.pid;
    const pipelined = await pid(quickReads);
    const name = `quick-reads ${Date.now()}`;
    const seen = async () =>
      (
        (await quickReads.execute(sql`select count(*)::int as n from brands where name = ${name}`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]?.n;
    await quickReads.transaction(async (tx) => {
      expect(await pid(tx as unknown as typeof quickReads)).not.toBe(pipelined);
      await tx.execute(sql`insert into brands (name, image_key) values (${name}, 'logo.png')`);
      expect(await seen()).toBe(0);
    });
    expect(await seen()).toBe(1);
  });
});
