import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notify } from "../../core/notifications/index.ts";
import { openDatabase } from "../../db/client.ts";
import { createAdvert, createBrand, createUser } from "../../seed/factories.ts";
import { buildApp } from "../../server/app.ts";
import { createServices } from "../../server/services.ts";
import { expectChangeSeenAcross } from "../support/cache-across-processes.ts";
import { eventsOf } from "../support/event-stream.ts";
import { client } from "../support/http.ts";
import { type Person, signedInPerson } from "../support/people.ts";
import { redisAvailable, TEST_REDIS_URL, testPrefix } from "../support/redis.ts";
import { listening, startTestApp, type TestApp } from "../support/test-app.ts";

/**
 * With REDIS_URL, two app processes share their limits and hear each other's broadcasts through Redis
 * (and not PostgreSQL). Each test's two apps share one Redis prefix of their own.
 */
const available = await redisAvailable();

/**
 * Two app servers on Redis, each with its own services (limits, subscriptions): on PostgreSQL each with its
 * own connections to one database and to Redis; the embedded database serves one process, so there they
 * share it and its Redis connections (the broadcast still goes out to Redis and back).
 */
async function twoApps(env: Record<string, string>) {
  const redisPrefix = testPrefix();
  const a = await startTestApp({ REDIS_URL: TEST_REDIS_URL, ...env }, {}, { redisPrefix });
  const shared = a.runtime.database;
  const second =
    shared.kind === "postgres"
      ? await openDatabase(
          { kind: "postgres", url: shared.url as string },
          { redis: { url: TEST_REDIS_URL, prefix: redisPrefix } },
        )
      : shared;
  const core = createServices(a.config, second, { insecureFastHash: true });
  const b = { ...a, ...core, app: await buildApp({ config: a.config, ...core, pages: false }) };
  await b.app.ready();
  return {
    a,
    b,
    async close() {
      await b.app.close();
      if (second !== shared) await second.close();
      await a.close();
    },
  };
}

describe.skipIf(!available)("on Redis", () => {
  let apps: Awaited<ReturnType<typeof twoApps>>;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    apps = await twoApps({ TRUST_PROXY: "true", PUBLIC_CACHE_MS: "60000" });
    ({ a, b } = apps);
  });
  afterAll(() => apps?.close());

  it("counts failed logins once for both processes: the sixth try is refused by either", async () => {
    expect(a.runtime.database.redis).toBeDefined();
    await createUser(a, { name: "Rita Redis", email: "rita@x.test" });
    const signIn = (t: TestApp, password: string) =>
      client(t).post("/api/auth/sign-in/email", { email: "rita@x.test", password }, { "x-forwarded-for": "10.7.0.1" });
    // Alternating processes, as a balancer would: five failures in all.
    for (const t of [a, b, a, b, a]) expect((await signIn(t, "wrong")).statusCode).toBe(401);
    expect((await signIn(b, "Passw0rd!")).statusCode).toBe(429);
    expect((await signIn(a, "Passw0rd!")).statusCode).toBe(429);
  });

  it("empties the other process's visitor cache within a second of a change", async () => {
    await expectChangeSeenAcross(a, b);
  });

  it("pushes a live unread count to the other process, read after the commit", async () => {
    const buyer = await createUser(a, { name: "Lou Live", email: "lou@x.test" });
    const counts: number[] = [];
    const stop = await b.services.notifications.live.subscribe(buyer.id, (unread) => counts.push(unread));
    await a.runtime.db.transaction((tx) => notify(tx, "account.sellerVerified", { recipientId: buyer.id, params: {} }));
    await expect.poll(() => counts.at(-1), { timeout: 5000 }).toBe(1);
    stop();
  });

  describe("conversations", () => {
    let brandId: string;
    beforeAll(async () => {
      brandId = (await createBrand(a, "Lenovo")).id;
    });

    /** A seller's laptop and a buyer's first message about it, through process A. */
    async function conversation() {
      const seller = await signedInPerson(a, "seller");
      const buyer = await signedInPerson(a);
      const advert = await createAdvert(a, {
        sellerId: seller.user.id,
        brandId,
        name: `ThinkPad ${seller.user.id.slice(0, 8)}`,
        resalePriceCents: 45_000,
      });
      const started = await buyer.http.post("/api/conversations", { advertId: advert.id, body: "Still for sale?" });
      expect(started.statusCode, started.body).toBe(201);
      return { seller, buyer, id: started.json().id as string };
    }

    /** A message through either process's API, as the buyer's browser would send it (its session cookie). */
    const sendThrough = (t: TestApp, who: Person, id: string, body: string) =>
      client(t).post(`/api/conversations/${id}/messages`, { body }, { cookie: who.cookie });

    it("a message sent through one process reaches the other side's stream on the other within 2 s", async () => {
      const base = await listening(b);
      const { seller, buyer, id } = await conversation();
      const aborter = new AbortController();
      try {
        const res = await fetch(`${base}/api/notifications/stream`, {
          headers: { cookie: seller.cookie },
          signal: aborter.signal,
        });
        expect(res.status).toBe(200);
        expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
        const next = eventsOf<{ unread: number; conversationId: string }>(res, "messages");
        // Connected (B has subscribed before it counts): the first message, unread.
        expect(await next()).toEqual({ unread: 1, conversationId: "" });
        const sentAt = Date.now();
        const sent = await buyer.http.post(`/api/conversations/${id}/messages`, { body: "Through process A" });
        expect(sent.statusCode, sent.body).toBe(201);
        const update = await Promise.race([
          next(),
          new Promise<never>((_, reject) => setTimeout(() => reject(new Error("nothing within 2 s")), 2_000)),
        ]);
        expect(update).toEqual({ unread: 2, conversationId: id });
        expect(Date.now() - sentAt).toBeLessThan(2_000);
        // What the page then reads, through B: the new message.
        const thread = await client(b).get(`/api/conversations/${id}`, { cookie: seller.cookie });
        expect(thread.json().messages.map((m: { body: string }) => m.body)).toEqual([
          "Still for sale?",
          "Through process A",
        ]);
      } finally {
        aborter.abort();
      }
    });

    it("counts a person's messages once for both processes: the 31st in a minute is refused by either", async () => {
      const { seller, buyer, id } = await conversation();
      // The first message started the conversation (through A); 29 more, alternating, as a balancer would.
      for (let i = 2; i <= 30; i++) {
        const res = await sendThrough(i % 2 ? a : b, buyer, id, `m${i}`);
        expect(res.statusCode, `message ${i}: ${res.body}`).toBe(201);
      }
      for (const t of [b, a]) {
        const refused = await sendThrough(t, buyer, id, "one too many");
        expect(refused.statusCode).toBe(429);
        expect(refused.json().fields.body).toMatch(
          /^You can send at most 30 messages a minute\. Wait \d+ seconds? and send it again\.$/,
        );
      }
      const thread = await client(b).get(`/api/conversations/${id}`, { cookie: seller.cookie });
      expect(thread.json().messages).toHaveLength(30);
      // The seller's count is their own, on either process.
      expect((await sendThrough(b, seller, id, "Slow down")).statusCode).toBe(201);
    });
  });
});
