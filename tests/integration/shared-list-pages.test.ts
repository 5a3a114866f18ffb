import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TIME_ZONE_COOKIE } from "../../app/lib/time-zone.ts";
import { createAdvert, createBrand, createUser } from "../../seed/factories.ts";
import { bookToMeet, client } from "../support/http.ts";
import { closePageApp, startPageApp } from "../support/page-build.ts";
import { type Person, signedInPerson } from "../support/people.ts";
import type { TestApp } from "../support/test-app.ts";

/**
 * The catalogue's list pages and a laptop's page kept for every signed-in reader of their kind
 * (server/http/public-cache.ts): the document carries nobody's name, counts, hearts or bookings; the summary it
 * reads once loaded, and its page data, are the person's.
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
/** A laptop of this seller's own. */
const laptopOf = (seller: Person, name: string, more: Partial<Parameters<typeof createAdvert>[1]> = {}) =>
  createAdvert(t, { sellerId: seller.user.id, brandId, name, resalePriceCents: 30_000, ...more });
/** A browser that has run the page's script: it carries the time-zone cookie. */
const asBrowser = (who: Person, url: string) =>
  who.http.get(url, { cookie: `${who.http.cookie()}; ${TIME_ZONE_COOKIE}=UTC` });
/** A page without its CSP nonces, which differ per response. */
const withoutNonces = (html: string) => html.replaceAll(/nonce="[^"]*"/g, 'nonce=""');
const named = (html: string, who: Person) => html.includes(who.user.name) || html.includes(who.email);
/** The kept pages' lookups so far, hits and misses (/metrics). */
const lookups = async () => (await t.runtime.metrics.cache.get()).values.map((v) => `${v.labels.result} ${v.value}`);

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
      booked: [],
    });

    const seller = await signedInPerson(t, "seller");
    const own = await laptopOf(seller, "Own", { advertised: true });
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

  it("is the person's own page without the zone cookie (no script run yet), with a toast waiting, or on the dashboard", async () => {
    const buyer = await signedInPerson(t);
    const plain = await buyer.http.get("/allAdd?sort=newest");
    expect(named(plain.body, buyer)).toBe(true);
    const toast = await buyer.http.get("/allAdd?sort=newest", {
      cookie: `${buyer.http.cookie()}; ${TIME_ZONE_COOKIE}=UTC; relaptop_toast=waiting`,
    });
    expect(named(toast.body, buyer)).toBe(true);
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

describe("a kept page", () => {
  it("is served with its reader's own nonce, the one their Content-Security-Policy allows", async () => {
    const buyer = await signedInPerson(t);
    const before = await lookups();
    const nonces: string[] = [];
    for (const read of [
      () => client(t).get("/allAdd?sort=price_asc"),
      () => client(t).get("/allAdd?sort=price_asc"),
      () => asBrowser(buyer, "/allAdd?sort=price_asc"),
      () => asBrowser(buyer, "/allAdd?sort=price_asc"),
    ]) {
      const res = await read();
      expect(res.statusCode).toBe(200);
      const allowed = String(res.headers["content-security-policy"]).match(/'nonce-([^']+)'/)?.[1] as string;
      // (The test build's critical-CSS link carries an empty one.)
      expect(new Set([...res.body.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]))).toEqual(new Set([allowed]));
      nonces.push(allowed);
    }
    expect(new Set(nonces).size).toBe(4);
    // The second visitor and the buyer's second read were served kept copies.
    const after = await lookups();
    const more = (result: string) =>
      [after, before].map((xs) => Number(xs.find((x) => x.startsWith(`${result} `))?.split(" ")[1] ?? 0));
    expect([more("hit"), more("miss")].map(([a = 0, b = 0]) => a - b)).toEqual([2, 2]);
  });
});

describe("a laptop's page and a brand's, signed in", () => {
  const bookedMark = />Booked</;

  it("is one page for every buyer: the booker's Booked, as their name, comes with the summary", async () => {
    const [booker, other] = [await signedInPerson(t), await signedInPerson(t)];
    const booked = await laptop();
    expect((await bookToMeet(booker.http, booked.id, "Dhaka")).statusCode).toBe(201);

    const a = await asBrowser(booker, `/laptops/${booked.id}`);
    expect(a.statusCode).toBe(200);
    expect(a.headers["cache-control"]).toBe("private, no-store");
    expect(named(a.body, booker)).toBe(false);
    expect(a.body).not.toMatch(bookedMark);
    expect(a.body).toContain(">Book Now<");
    const b = await asBrowser(other, `/laptops/${booked.id}`);
    expect(withoutNonces(b.body)).toBe(withoutNonces(a.body));

    const summary = await booker.http.get(`/api/me/summary?advertIds=${booked.id}`);
    expect(summary.json()).toMatchObject({ name: booker.user.name, booked: [booked.id] });
    expect((await other.http.get(`/api/me/summary?advertIds=${booked.id}`)).json().booked).toEqual([]);
    // Rendered for the person (no script run yet), and their page data: Booked is theirs at once.
    expect((await booker.http.get(`/laptops/${booked.id}`)).body).toMatch(bookedMark);
    expect((await asBrowser(booker, `/laptops/${booked.id}.data`)).body).toContain(booker.user.name);

    // A brand's page, whose cards say Booked, the same way.
    const brandPage = await asBrowser(booker, `/category/${brandId}`);
    expect(brandPage.statusCode).toBe(200);
    expect(named(brandPage.body, booker)).toBe(false);
    expect(brandPage.body).not.toMatch(bookedMark);
    expect(withoutNonces((await asBrowser(other, `/category/${brandId}`)).body)).toBe(withoutNonces(brandPage.body));
    expect((await booker.http.get(`/category/${brandId}`)).body).toMatch(bookedMark);
    // Visitors are still asked to log in, however many signed-in readers it is kept for.
    expect((await client(t).get(`/category/${brandId}`)).statusCode).toBe(302);
  });

  it("is never its own seller's: theirs, with nothing to book, is rendered for them whichever of them comes first", async () => {
    const bookable = (html: string) => html.includes(">Book Now<") || html.includes("Message seller");
    for (const mode of ["user", "seller"]) {
      const [owner, other] = [await signedInPerson(t, "seller"), await signedInPerson(t, "seller")];
      for (const who of [owner, other]) {
        expect((await who.http.raw("PUT", "/api/me/acting-mode", { mode })).statusCode).toBeLessThan(300);
      }
      // Kept first for another seller of the same kind: the owner's page is still their own.
      const first = await laptopOf(owner, `Kept first, ${mode}`);
      const kept = await asBrowser(other, `/laptops/${first.id}`);
      expect(bookable(kept.body)).toBe(true);
      const before = await lookups();
      const own = await asBrowser(owner, `/laptops/${first.id}`);
      expect(own.statusCode).toBe(200);
      expect(bookable(own.body)).toBe(false);
      // The copy of their kind was found and passed over: neither served (a hit) nor another kind's render (a miss).
      expect(await lookups()).toEqual(before);
      expect(withoutNonces((await asBrowser(other, `/laptops/${first.id}`)).body)).toBe(withoutNonces(kept.body));
      // The owner first: their page is not kept for the next reader of their kind.
      const second = await laptopOf(owner, `Owner first, ${mode}`);
      expect(bookable((await asBrowser(owner, `/laptops/${second.id}`)).body)).toBe(false);
      expect(bookable((await asBrowser(other, `/laptops/${second.id}`)).body)).toBe(true);
      expect(bookable((await asBrowser(owner, `/laptops/${second.id}`)).body)).toBe(false);
    }
  });

  it("a held laptop is its seller's or an admin's own page, never kept for another reader of their kind", async () => {
    const owner = await signedInPerson(t, "seller");
    const held = await laptopOf(owner, "Held for review", { status: "pending_review" });
    const mine = await asBrowser(owner, `/laptops/${held.id}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.body).toContain("See it in My Products");
    const admin = await signedInPerson(t, "admin");
    expect((await asBrowser(admin, `/laptops/${held.id}`)).statusCode).toBe(200);
    // Another seller, of the owner's kind, asks for the same page at once: not the owner's copy.
    const stranger = await signedInPerson(t, "seller");
    const theirs = await asBrowser(stranger, `/laptops/${held.id}`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).not.toContain("Held for review");
  });
});
