import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notify } from "../../core/notifications/index.ts";
import { openDatabase } from "../../db/client.ts";
import { createUser } from "../../seed/factories.ts";
import { buildApp } from "../../server/app.ts";
import { createServices } from "../../server/services.ts";
import { expectChangeSeenAcross } from "../support/cache-across-processes.ts";
import { client } from "../support/http.ts";
import { redisAvailable, TEST_REDIS_URL, testPrefix } from "../support/redis.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

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
  const shared = a.services.database;
  const second =
    shared.kind === "postgres"
      ? await openDatabase(
          { kind: "postgres", url: shared.url as string },
          { redis: { url: TEST_REDIS_URL, prefix: redisPrefix } },
        )
      : shared;
  const services = createServices(a.config, second, { insecureFastHash: true });
  const b = { ...a, services, app: await buildApp({ config: a.config, services, pages: false }) };
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
    expect(a.services.database.redis).toBeDefined();
    await createUser(a.services, { name: "Rita Redis", email: "rita@x.test" });
    const signIn = (t: TestApp, password: string) =>
      client(t).post("/api/auth/sign-in/email", { email: "rita@x.test", password }, { "x-forwarded-for": "10.7.0.1" });
    // Alternating processes, as a balancer would: five failures in all.
    for (const t of [a, b, a, b, a]) expect((await signIn(t, "wrong")).statusCode).toBe(401);
    expect((await signIn(b, "Passw0rd!")).statusCode).toBe(429);
    expect((await signIn(a, "Passw0rd!")).statusCode).toBe(429);
  });

  it("empties the other process's visitor cache within 100 ms of a change", async () => {
    await expectChangeSeenAcross(a, b);
  });

  it("pushes a live unread count to the other process, read after the commit", async () => {
    const buyer = await createUser(a.services, { name: "Lou Live", email: "lou@x.test" });
    const counts: number[] = [];
    const stop = await b.services.liveCounts.subscribe(buyer.id, (unread) => counts.push(unread));
    await a.services.db.transaction((tx) =>
      notify(tx, "account.sellerVerified", { recipientId: buyer.id, params: {} }),
    );
    await expect.poll(() => counts.at(-1), { timeout: 5000 }).toBe(1);
    stop();
  });
});
