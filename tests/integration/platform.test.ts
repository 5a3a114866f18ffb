import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoIfEmpty } from "../../seed/demo.ts";
import { client } from "../support/http.ts";
import { brokenMoneyInvariantsIn } from "../support/money-invariants.ts";
import { signedInClient } from "../support/people.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe("platform", () => {
  it("reports health with the database kind", async () => {
    const res = await client(t).get("/healthz");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok", database: process.env.TEST_DATABASE });
  });

  it("answers 503 on /healthz when the database is unreachable", async () => {
    const original = t.database.ping;
    t.database.ping = async () => false;
    try {
      expect((await client(t).get("/healthz")).statusCode).toBe(503);
    } finally {
      t.database.ping = original;
    }
  });

  it("documents every API operation in OpenAPI 3, with the error shape", async () => {
    const doc = (await client(t).get("/api/openapi.json")).json();
    expect(doc.openapi).toMatch(/^3\./);
    const operations = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([p, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`),
    );
    const registered = t.app
      .printRoutes({ commonPrefix: false })
      .split("\n")
      .filter((l) => l.includes("/api/"));
    expect(registered.length).toBeGreaterThan(0);
    expect(operations).toEqual(
      expect.arrayContaining([
        "GET /api/me",
        "GET /api/me/is-admin",
        "GET /api/me/is-seller",
        "POST /api/auth/sign-up/email",
        "POST /api/auth/sign-in/email",
        "POST /api/auth/sign-out",
        "GET /api/brands",
        "GET /api/adverts/advertised",
      ]),
    );
    expect(doc.components.schemas.ApiError).toBeDefined();
    expect((await client(t).get("/api/docs/")).statusCode).toBe(200);
  });

  it("answers unknown API paths with 404 in the error shape", async () => {
    const res = await client(t).get("/api/nope");
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe("NOT_FOUND");
  });

  it("refuses cross-site state-changing requests and allows same-site ones", async () => {
    const c = client(t);
    const body = { email: "x@x.test", password: "nope" };
    const cross = await c.post("/api/auth/sign-in/email", body, { origin: "https://evil.example" });
    expect(cross.statusCode).toBe(403);
    expect(cross.json()).toEqual({ code: "FORBIDDEN", message: "Cross-site request refused." });
    const fetchSite = await c.post("/api/auth/sign-in/email", body, { "sec-fetch-site": "cross-site" });
    expect(fetchSite.statusCode).toBe(403);
    const same = await c.post("/api/auth/sign-in/email", body, {
      origin: "http://relaptop.test",
      host: "relaptop.test",
    });
    expect(same.statusCode).toBe(401);
  });

  it("sends security headers and a request id", async () => {
    const res = await client(t).get("/healthz");
    expect(res.headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+';/);
    // Only `npm run dev` lets the page open Vite's HMR websocket (tests/e2e/dev-server.spec.ts).
    expect(res.headers["content-security-policy"]).toMatch(/connect-src 'self'(;|$)/);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-request-id"]).toMatch(/[\w-]{8,}/);
    // A nonce of 16 random bytes, never the same twice (they are drawn from the CSPRNG in batches).
    const nonces = new Set<string>();
    for (let i = 0; i < 600; i++) {
      const csp = String((await client(t).get("/healthz")).headers["content-security-policy"]);
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1] ?? "";
      expect(Buffer.from(nonce, "base64")).toHaveLength(16);
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(600);
  });

  it("seeds the demo marketplace once, and serves its brands, adverts and images", async () => {
    expect(await seedDemoIfEmpty(t)).toBe(true);
    expect(await seedDemoIfEmpty(t)).toBe(false);
    const c = client(t);
    const { brands } = (await c.get("/api/brands")).json();
    expect(brands.length).toBeGreaterThanOrEqual(5);
    const { adverts } = (await c.get("/api/adverts/advertised")).json();
    expect(adverts.length).toBeGreaterThan(0);
    expect(adverts.every((a: { sold: boolean }) => !a.sold)).toBe(true);
    const dates = adverts.map((a: { createdAt: string }) => a.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    // None is dated after the seeding: a laptop posted now is the newest.
    const [newest] = (await c.get("/api/adverts?sort=newest")).json().items;
    expect(Date.parse(newest.createdAt)).toBeLessThan(Date.now());
    expect(await t.services.catalogue.countAvailable()).toBeGreaterThanOrEqual(24);
    // The demo's past sales are paid as every sale is: its money agrees, as the drills check on it.
    expect(await brokenMoneyInvariantsIn(t.db)).toEqual([]);
    const image = await c.get(brands[0].imageUrl);
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/webp");
    expect(image.headers["cache-control"]).toContain("immutable");
    for (const email of ["admin@relaptop.test", "seller@relaptop.test", "buyer@relaptop.test"]) {
      await client(t).signIn(email, "Passw0rd!");
    }
    // The demo buyer's favourites, one of them cheaper since it was saved — and told so; another sold to
    // someone else — and told so.
    const buyer = await signedInClient(t, "buyer@relaptop.test", "Passw0rd!");
    const favourites = (await buyer.get("/api/favourites")).json().items;
    expect(favourites.map((f: { status: string }) => f.status).sort()).toEqual([
      "available",
      "available",
      "booked",
      "sold",
      "sold",
    ]);
    expect(favourites.filter((f: { priceChangeCents: number }) => f.priceChangeCents === -5_000)).toHaveLength(1);
    const notices = (await buyer.get("/api/notifications")).json().items;
    expect(notices.filter((n: { kind: string }) => n.kind === "favourite.priceDrop")).toHaveLength(1);
    expect(notices.filter((n: { kind: string }) => n.kind === "favourite.sold")).toHaveLength(1);
    // Her ThinkPad search's alert, and the searches' matches (the Dell's and In hand's wait for the daily digest):
    // Sam's laptop matched for In hand when its proof was approved, after it was posted.
    expect(notices.filter((n: { kind: string }) => n.kind === "savedSearch.match")).toHaveLength(1);
    const matches = (await buyer.get("/api/saved-searches/matches")).json().items;
    expect(matches.map((m: { name: string; searchName: string }) => `${m.name} · ${m.searchName}`).sort()).toEqual([
      "Acer TravelMate P2 · in hand",
      "Dell Latitude 5420 · Dell · under $600",
      "Lenovo ThinkPad X13 Gen 2 · thinkpad · Lenovo",
    ]);
    // A story over weeks, not the second it was seeded in: her receipts days old, newest first down
    // to the price drop hours ago; the seller's answer came hours after her question (the trust panel's
    // typical reply time); the seller has been a member for months.
    const hoursAgo = (at: string) => (Date.now() - Date.parse(at)) / 3_600_000;
    const news = notices as { kind: string; createdAt: string }[];
    // When she was first told of each (newest first: the last of its kind).
    const when = (kind: string) => hoursAgo(news.findLast((n) => n.kind === kind)?.createdAt ?? "");
    expect(when("order.receipt")).toBeGreaterThan(3 * 24);
    // The laptop Sam shipped her two days ago.
    expect(when("order.shipped")).toBeGreaterThan(47);
    expect(when("favourite.priceDrop")).toBeLessThan(24);
    expect(when("favourite.sold")).toBeGreaterThan(24);
    // In the story's order: paid, then Sam's answer, then the sale to Karim, then the price drop.
    const story = ["order.receipt", "message.new", "favourite.sold", "favourite.priceDrop"].map(when);
    expect(story).toEqual([...story].sort((a, b) => b - a));
    expect(new Set(news.map((n) => n.createdAt.slice(0, 13))).size).toBeGreaterThan(3);
    const talk = (await buyer.get("/api/conversations"))
      .json()
      .items.find((i: { other: { name: string } }) => i.other.name === "Sam Seller");
    const thread = (await buyer.get(`/api/conversations/${talk.id}`)).json();
    const times = thread.messages.map((m: { createdAt: string }) => hoursAgo(m.createdAt));
    expect(times[0] - times[1]).toBeGreaterThan(1);
    const trust = await t.services.reviews.trust(thread.seller.id);
    expect(hoursAgo(trust?.memberSince ?? "")).toBeGreaterThan(30 * 24);
  });
});

describe("form posts from the site itself", () => {
  it("keep their Origin: the referrer policy does not blank it", async () => {
    const res = await client(t).get("/healthz");
    expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(res.headers["strict-transport-security"]).toBeUndefined();
  });

  it("are refused when the Origin is null (sandboxed or stripped)", async () => {
    const res = await client(t).post("/api/auth/sign-in/email", { email: "a@b.c", password: "x" }, { origin: "null" });
    expect(res.statusCode).toBe(403);
  });
});
