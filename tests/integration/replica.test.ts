import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ReplicaServer, startReplica, stopReplica } from "../../bench/drills/replica.ts";
import { BRANDS_CHANNEL } from "../../core/catalogue/index.ts";
import { createAdvert, createBrand, createUser } from "../../seed/factories.ts";
import { client } from "../support/http.ts";
import { pngBytes } from "../support/multipart.ts";
import { signedInClient } from "../support/people.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/**
 * DATABASE_REPLICA_URL on a real streaming replica (pg_basebackup of the test server): visitors read the
 * catalogue there, signed-in people the primary; a replica lagging past the bound, or stopped, leaves
 * visitors on the primary without one error. PostgreSQL only.
 */
const onPostgres = process.env.TEST_DATABASE === "postgres";
const MAX_LAG_MS = 3_000;

describe.skipIf(!onPostgres)("reads from a streaming replica", () => {
  let replica: ReplicaServer;
  let t: TestApp;
  let replicaSql: (query: string) => Promise<unknown>;
  let sellerId: string;
  let brandId: string;

  beforeAll(async () => {
    replica = await startReplica({ primaryUrl: process.env.DATABASE_URL as string });
    t = await startTestApp({}, {}, { replica: { url: replica.url, maxLagMs: MAX_LAG_MS } });
    const watched = t.database.replica;
    if (!watched) throw new Error("the test app has no replica");
    replicaSql = (query) =>
      (watched.db as unknown as { $client: { query(q: string): Promise<unknown> } }).$client.query(query);
    sellerId = (await createUser(t, { name: "Rae", email: "rae@x.test", role: "seller" })).id;
    brandId = (await createBrand(t, "Dell")).id;
    await createUser(t, { name: "Ben", email: "ben@x.test" });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    if (replica) await stopReplica(replica);
  }, 120_000);

  /** Stops the replica applying changes: asked for, replay stops at the next record, so wait until it has. */
  const pauseReplay = async () => {
    await replicaSql("select pg_wal_replay_pause()");
    const state = async () =>
      ((await replicaSql("select pg_get_wal_replay_pause_state() as s")) as { rows: { s: string }[] }).rows[0]?.s;
    await expect.poll(state, { timeout: 10_000 }).toBe("paused");
  };

  const visitorSees = async (id: string) => (await client(t).get(`/api/adverts/${id}`)).statusCode;

  it("answers visitors from the replica and signed-in people from the primary; past the lag bound, visitors too", async () => {
    const first = await createAdvert(t, { sellerId, brandId, name: "XPS 13", resalePriceCents: 70_000 });
    await expect.poll(() => visitorSees(first.id), { timeout: 10_000 }).toBe(200);
    await expect.poll(() => t.database.replica?.watch.usable(), { timeout: 10_000 }).toBe(true);

    // The replica stops applying changes: what is written now is on the primary only.
    await pauseReplay();
    try {
      const second = await createAdvert(t, { sellerId, brandId, name: "XPS 15", resalePriceCents: 90_000 });
      expect(await visitorSees(second.id)).toBe(404); // the replica's answer
      const ben = await signedInClient(t, "ben@x.test");
      expect((await ben.get(`/api/adverts/${second.id}`)).statusCode).toBe(200); // the primary's

      // Lagging past the bound: visitors are answered from the primary.
      await expect.poll(() => visitorSees(second.id), { timeout: MAX_LAG_MS + 5_000, interval: 200 }).toBe(200);
      expect(t.database.replica?.watch.usable()).toBe(false);
    } finally {
      await replicaSql("select pg_wal_replay_resume()");
    }
    await expect.poll(() => t.database.replica?.watch.usable(), { timeout: 10_000 }).toBe(true);
  });

  // A change made through the app empties the visitors' cache at once: the page rendered again must not come
  // from a replica a few milliseconds behind, or it is kept (and shown) as it was before the change.
  it("answers visitors from the primary after a change through the app, until the replica has replayed it", async () => {
    await expect.poll(() => t.database.replica?.watch.usable(), { timeout: 10_000 }).toBe(true);
    const laptop = await createAdvert(t, { sellerId, brandId, name: "Inspiron", resalePriceCents: 40_000 });
    await expect.poll(() => visitorSees(laptop.id), { timeout: 10_000 }).toBe(200);
    await pauseReplay();
    try {
      const rae = await signedInClient(t, "rae@x.test");
      expect((await rae.raw("DELETE", `/api/adverts/${laptop.id}`)).statusCode).toBe(204);
      // Well within the lag bound, but without the withdrawal: the primary answers.
      expect(await visitorSees(laptop.id)).toBe(404);
      expect(t.database.replica?.watch.usable()).toBe(false);
    } finally {
      await replicaSql("select pg_wal_replay_resume()");
    }
    // Replayed: read again.
    await expect.poll(() => t.database.replica?.watch.usable(), { timeout: 10_000 }).toBe(true);
    expect(await visitorSees(laptop.id)).toBe(404);
  });

  it("recognises a brand named in a visitor's words as soon as it is added, while the replica catches up", async () => {
    await expect.poll(() => t.database.replica?.watch.usable(), { timeout: 10_000 }).toBe(true);
    const brandChips = async (query: string) => {
      const reply = await client(t).get(`/api/adverts?${query}`);
      return (reply.json() as { filters: { label: string }[] }).filters.map((f) => f.label);
    };
    // The visitors' catalogue has read the brand list (it keeps it for a minute).
    expect(await brandChips("q=framework+laptop&sort=newest")).not.toContain("Brand Framework");
    const admin = await createUser(t, { name: "Ada", email: "ada@x.test", role: "admin" });
    const logo = new File([new Uint8Array(await pngBytes())], "logo.png", { type: "image/png" });
    const heard = Promise.withResolvers<void>();
    const stopHearing = await t.database.broadcast.on(BRANDS_CHANNEL, () => heard.resolve());
    await pauseReplay();
    try {
      // Added by an admin: every process hears it on commit and reads the brand list again, while the
      // replica, replaying nothing, has no such brand yet.
      await t.services.catalogue.brands.create(admin, { name: "Framework", image: logo });
      await heard.promise;
      expect(await brandChips("q=framework+laptop&sort=price_asc")).toContain("Brand Framework");
      // Within the lag bound: that answer came from the replica's catalogue.
      expect(t.database.replica?.watch.usable()).toBe(true);
    } finally {
      await stopHearing();
      await replicaSql("select pg_wal_replay_resume()");
    }
    await expect.poll(() => t.database.replica?.watch.usable(), { timeout: 10_000 }).toBe(true);
    expect(await brandChips("q=framework+laptop&sort=price_desc")).toContain("Brand Framework");
  });

  it("falls back to the primary when the replica stops, without one failed request", async () => {
    const laptop = await createAdvert(t, { sellerId, brandId, name: "Latitude", resalePriceCents: 30_000 });
    await expect.poll(() => visitorSees(laptop.id), { timeout: 10_000 }).toBe(200);
    const statuses: number[] = [];
    let browsing = true;
    const browse = (async () => {
      while (browsing) statuses.push(await visitorSees(laptop.id));
    })();
    await replica.pause();
    // Browsing on while the next checks find it gone.
    await expect.poll(() => t.database.replica?.watch.usable(), { timeout: 10_000 }).toBe(false);
    const after = statuses.length;
    await expect.poll(() => statuses.length, { timeout: 10_000 }).toBeGreaterThan(after + 5);
    browsing = false;
    await browse;
    expect(statuses.length).toBeGreaterThan(5);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    await replica.resume();
    await expect.poll(() => t.database.replica?.watch.usable(), { timeout: 20_000 }).toBe(true);
  });
});
