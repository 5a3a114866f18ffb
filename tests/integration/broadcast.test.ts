import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { describe, expect, it, vi } from "vitest";
import { postgresBroadcast } from "../../db/broadcast.ts";
import type { Db } from "../../db/client.ts";
import { type Listener, postgresListener } from "../../db/listen.ts";
import { testAppForTests } from "../support/test-app.ts";

/** Everything heard on `channel` by `on`, as a list that grows. */
async function hearing(listener: Listener, channel: string) {
  const heard: string[] = [];
  await listener.on(channel, (payload) => heard.push(payload));
  return heard;
}

const burst = (n: number) => Array.from({ length: n }, (_, i) => `m${i}`);

/**
 * Announcements after a commit (db/broadcast.ts): a burst of them — a thousand commits at once — all reach
 * every subscriber, however little room the announcer has.
 */
describe("announcing in a burst", () => {
  const t = testAppForTests();

  it("a thousand announcements made at once are each heard", async () => {
    const { broadcast } = t.database;
    const heard = await hearing(broadcast, "burst_all");
    const sent = burst(1_000);
    await Promise.all(sent.map((payload) => broadcast.send("burst_all", [payload])));
    await vi.waitFor(() => expect(heard.length).toBe(sent.length), { timeout: 10_000 });
    expect(new Set(heard)).toEqual(new Set(sent));
  });

  // The announcer's own connection, open, and waited for no longer than 20 ms: sent one statement each,
  // most of a burst timed out waiting for it ("timeout exceeded when trying to connect") and was never heard.
  it.skipIf(process.env.TEST_DATABASE !== "postgres")(
    "on PostgreSQL, a burst goes through one connection waited for 20 ms at most, none lost",
    async () => {
      const url = process.env.DATABASE_URL as string;
      const pool = new pg.Pool({ connectionString: url, max: 1 });
      const listener = postgresListener(url);
      const broadcast = postgresBroadcast(drizzle({ client: pool }) as unknown as Db, listener);
      // Opened first, however long a loaded machine takes to connect: what is measured is waiting for it.
      await pool.query("select 1");
      pool.options.connectionTimeoutMillis = 20;
      const statements = vi.spyOn(pool, "query");
      try {
        const heard = await hearing(broadcast, `burst_${process.pid}`);
        const sent = burst(2_000);
        await Promise.all(sent.map((payload) => broadcast.send(`burst_${process.pid}`, [payload])));
        await vi.waitFor(() => expect(heard.length).toBe(sent.length), { timeout: 10_000 });
        expect(new Set(heard)).toEqual(new Set(sent));
        // Sent together while one statement was on its way: a handful of statements, not one each.
        expect(statements.mock.calls.length).toBeLessThan(50);
        // One announcement telling 35,000 (a notice to many people): more than one statement can carry
        // (PostgreSQL takes 65,535 parameters), so it goes in several, all heard.
        const many = burst(35_000).map((p) => `many-${p}`);
        await broadcast.send(`burst_${process.pid}`, many);
        await vi.waitFor(() => expect(heard.length).toBe(sent.length + many.length), { timeout: 20_000 });
      } finally {
        await broadcast.close();
        await pool.end();
      }
    },
  );
});
