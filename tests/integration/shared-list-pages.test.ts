import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TIME_ZONE_COOKIE } from "../../app/lib/time-zone.ts";
import { createAdvert, createBrand, createUser } from "../../seed/factories.ts";
import { client } from "../support/http.ts";
import { closePageApp, startPageApp } from "../support/page-build.ts";
import { type Person, signedInPerson } from "../support/people.ts";
import type { TestApp } from "../support/test-app.ts";

/**
 * The catalogue's list pages kept for every signed-in reader of their kind (server/http/public-cache.ts): the
 * document carries nobody's name, counts or hearts; the summary it reads once loaded, and its page data, are
 * the person's.
 */
let t: TestApp;
let brandId: string;
let sellerId: string;
let n = 0;

beforeAll(async () => {
  t = await startPageApp({ PUBLIC_CACHE_MS: "60000" });
  brandId = (await createBrand(t, "Acer")).id;
  sellerId = (await createUser(t, { name: "Shared Seller", email: "shared@x.test", role: "seller" })).id;
  await laptop();
});
afterAll(() => closePageApp(t));

const laptop = (name = `Shared laptop ${++n}`) =>
  createAdvert(t, { sellerId, brandId, name, resalePriceCents: 40_000, advertised: true });
/** A browser that has run the page's script: it carries the time-zone cookie. */
const asBrowser = (who: Person, url: string) =>
  who.http.get(url, { cookie: `${who.http.cookie()}; ${TIME_ZONE_COOKIE}=UTC` });
/** A page without its CSP nonces, which differ per response. */
const withoutNonces = (html: string) => html.replaceAll(/nonce="[^"]*"/g, 'nonce=""');
const named = (html: string, who: Person) => html.includes(who.user.name) || html.includes(who.email);

describe("a catalogue list page signed in", () => {
  it("is one page for every buyer, with nobody's name, counts or hearts in it", async () => {
    const [first, second] = [await signedInPerson(t), await signedInPerson(t)];
    const saved = await laptop();
    expect((await first.http.raw("PUT", `/api/favourites/${saved.id}`)).statusCode).toBeLessThan(300);

    const a = await asBrowser(first, "/allAdd?sort=newest");
    expect(a.statusCode).toBe(200);
    expect(a.headers["cache-control"]).toBe("private, no-store");
    expect(named(a.body, first)).toBe(false);
    expect(a.body).toContain('aria-label="Account menu"');
    expect(a.body).not.toContain("aria-pressed");
    // The laptops whose hearts the page will ask about, and nothing of the person's.
    expect(a.body).toContain('\\"mode\\",\\"later\\",\\"ids\\"');

    // A laptop posted through another server meanwhile: the second buyer gets the page kept for the first.
    await laptop("Posted elsewhere");
    const b = await asBrowser(second, "/allAdd?sort=newest");
    expect(withoutNonces(b.body)).toBe(withoutNonces(a.body));
    expect(named(b.body, second)).toBe(false);
  });

  it("fills in the person's own part with one read: their name, counts and hearts", async () => {
    const buyer = await signedInPerson(t);
    const [saved, other] = [await laptop(), await laptop()];
    expect((await buyer.http.raw("PUT", `/api/favourites/${saved.id}`)).statusCode).toBeLessThan(300);
    const summary = await buyer.http.get(`/api/me/summary?advertIds=${saved.id},${other.id}`);
    expect(summary.statusCode).toBe(200);
    expect(summary.headers["cache-control"]).toBe("private, no-store");
    expect(summary.json()).toEqual({
      name: buyer.user.name,
      email: buyer.email,
      unread: { notices: 0, messages: 0 },
      hearts: { saved: [saved.id], own: [] },
    });

    const seller = await signedInPerson(t, "seller");
    const own = await createAdvert(t, {
      sellerId: seller.user.id,
      brandId,
      name: "Own",
      resalePriceCents: 30_000,
      advertised: true,
    });
    expect((await seller.http.get(`/api/me/summary?advertIds=${own.id},${saved.id}`)).json().hearts).toEqual({
      saved: [],
      own: [own.id],
    });
    const admin = await signedInPerson(t, "admin");
    expect((await admin.http.get("/api/me/summary")).json().hearts).toBeNull();
    expect((await client(t).get("/api/me/summary")).statusCode).toBe(401);
    const wrong = await buyer.http.get("/api/me/summary?advertIds=1,2");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain("advertIds");
  });

  it("the page's data, read again, is the person's own: their name, counts and hearts", async () => {
    const buyer = await signedInPerson(t);
    const saved = await laptop();
    expect((await buyer.http.raw("PUT", `/api/favourites/${saved.id}`)).statusCode).toBeLessThan(300);
    const data = await asBrowser(buyer, "/allAdd.data?sort=price_asc");
    expect(data.statusCode).toBe(200);
    expect(data.headers["cache-control"]).toBe("private, no-store");
    expect(data.body).toContain(buyer.user.name);
    expect(data.body).toContain(saved.id);
    expect(data.body).toContain('"buyer"');
  });

  it("is kept per kind of reader: a seller's has the seller's top bar, an admin's no hearts", async () => {
    const seller = await signedInPerson(t, "seller");
    const buyer = await signedInPerson(t);
    const forSeller = (await asBrowser(seller, "/allAdd?sort=price_desc")).body;
    const forBuyer = (await asBrowser(buyer, "/allAdd?sort=price_desc")).body;
    expect(forSeller).toContain('href="/dashboard/post/add"');
    expect(forBuyer).not.toContain('href="/dashboard/post/add"');
    expect(named(forSeller, seller)).toBe(false);
    const admin = await signedInPerson(t, "admin");
    const forAdmin = (await asBrowser(admin, "/?from=admin")).body;
    expect(forAdmin).toContain('aria-label="Account menu"');
    expect(named(forAdmin, admin)).toBe(false);
  });

  it("is the person's own page without the zone cookie (no script run yet), with a toast waiting, or on a brand's page", async () => {
    const buyer = await signedInPerson(t);
    const plain = await buyer.http.get("/allAdd?sort=newest");
    expect(named(plain.body, buyer)).toBe(true);
    const toast = await buyer.http.get("/allAdd?sort=newest", {
      cookie: `${buyer.http.cookie()}; ${TIME_ZONE_COOKIE}=UTC; relaptop_toast=waiting`,
    });
    expect(named(toast.body, buyer)).toBe(true);
    expect(named((await asBrowser(buyer, `/category/${brandId}`)).body, buyer)).toBe(true);
    expect(named((await asBrowser(buyer, "/dashboard/favourites")).body, buyer)).toBe(true);
  });

  it("is nobody's after the session ended: a visitor's top bar, rendered for that request", async () => {
    const buyer = await signedInPerson(t);
    const cookie = `${buyer.http.cookie()}; ${TIME_ZONE_COOKIE}=UTC`;
    await asBrowser(buyer, "/allAdd?sort=newest");
    await buyer.http.post("/api/auth/sign-out", {});
    const after = await client(t).get("/allAdd?sort=newest", { cookie });
    expect(after.body).not.toContain("Account menu");
    expect(after.body).toContain('href="/login"');
  });
});
