import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { lockAdvert, takeDown } from "../../core/orders/index.ts";
import { openDatabase } from "../../db/client.ts";
import { adverts } from "../../db/schema/index.ts";
import { searchSchema } from "../../schemas/search.ts";
import { createAdvert, createBrand, createUser } from "../../seed/factories.ts";
import { buildApp } from "../../server/app.ts";
import { createServices } from "../../server/services.ts";
import { expectChangeSeenAcross, sellersLaptop } from "../support/cache-across-processes.ts";
import { bookToMeet, type Client, client } from "../support/http.ts";
import { pngBytes } from "../support/multipart.ts";
import { signedInClient } from "../support/people.ts";
import { startTestApp, testAppForTests } from "../support/test-app.ts";

const t = testAppForTests({ PUBLIC_CACHE_MS: "1000" });
let brandId: string;
let sellerId: string;
let image: string;
let firstId: string;

beforeAll(async () => {
  brandId = (await createBrand(t, "Lenovo")).id;
  sellerId = (await createUser(t, { name: "Sam", email: "seller@x.test", role: "seller" })).id;
  await createUser(t, { name: "Bea", email: "buyer@x.test" });
  const first = await createAdvert(t, { sellerId, brandId, name: "First", resalePriceCents: 50_000 });
  image = first.imageKey;
  firstId = first.id;
});

/** A laptop written straight to the database, as another app server would. */
const addElsewhere = (name: string) =>
  createAdvert(t, { sellerId, brandId, name, resalePriceCents: 60_000, imageKey: image });
const names = async (who: Client, url = "/api/adverts?sort=newest") =>
  ((await who.get(url)).json() as { items: { name: string }[] }).items.map((i) => i.name);

describe("the visitors' micro-cache", () => {
  it("serves visitors and the signed in the catalogue's lists read within the last second: they name nobody", async () => {
    const visitor = client(t);
    expect(await names(visitor)).toEqual(["First"]);
    await addElsewhere("Second");
    expect(await names(visitor)).toEqual(["First"]);
    const buyer = await signedInClient(t, "buyer@x.test");
    expect(await names(buyer)).toEqual(["First"]);
  });

  it("keeps the catalogue's public reads for visitors and the signed in alike, one laptop's page apart", async () => {
    // Visitors search through `forVisitors` (the replica's catalogue, when there is one), the signed in directly.
    const searches = [vi.spyOn(t.services.catalogue.forVisitors, "search"), vi.spyOn(t.services.catalogue, "search")];
    const counts = vi.spyOn(t.services.catalogue, "countSearch");
    const worth = vi.spyOn(t.services.catalogue, "worth");
    const getAdvert = vi.spyOn(t.services.catalogue, "getAdvert");
    try {
      const buyer = await signedInClient(t, "buyer@x.test");
      const reads = [
        "/api/adverts?sort=newest&minRam=2",
        "/api/adverts/counts?minRam=2",
        "/api/worth?processor=i5-8250U&ramGb=8&storageGb=256&condition=good&yearsOfUse=3",
      ];
      for (const url of reads) {
        const first = await client(t).get(url);
        expect(first.statusCode, first.body).toBe(200);
        expect((await buyer.get(url)).body).toBe(first.body);
      }
      const searched = searches.reduce((sum, spy) => sum + spy.mock.calls.length, 0);
      expect([searched, counts.mock.calls.length, worth.mock.calls.length]).toEqual([1, 1, 1]);
      // One laptop is its seller's and admins' to see held: the signed in read it from the database.
      await client(t).get(`/api/adverts/${firstId}`);
      await buyer.get(`/api/adverts/${firstId}`);
      expect(getAdvert).toHaveBeenCalledTimes(1);
    } finally {
      for (const spy of [...searches, counts, worth, getAdvert]) spy.mockRestore();
    }
  });

  it("forgets a read after a second", async () => {
    const visitor = client(t);
    await addElsewhere("Third");
    const before = await names(visitor, "/api/adverts?sort=price_desc");
    await addElsewhere("Fourth");
    expect(await names(visitor, "/api/adverts?sort=price_desc")).toEqual(before);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 1_001 });
    try {
      expect((await names(visitor, "/api/adverts?sort=price_desc")).sort()).toEqual([...before, "Fourth"].sort());
    } finally {
      vi.useRealTimers();
    }
  });

  it("is emptied by any change made through this server", async () => {
    const visitor = client(t);
    const before = await names(visitor, "/api/adverts?sort=price_asc");
    await addElsewhere("Fifth");
    expect(await names(visitor, "/api/adverts?sort=price_asc")).toEqual(before);
    const seller = await signedInClient(t, "seller@x.test");
    const res = await seller.raw("PUT", `/api/adverts/${firstId}/advertisement`, { advertised: true });
    expect(res.statusCode).toBe(204);
    expect(await names(visitor, "/api/adverts?sort=price_asc")).toContain("Fifth");
  });

  it("is not emptied by private changes: a buyer saving a favourite changes nothing a visitor sees", async () => {
    const visitor = client(t);
    const before = await names(visitor, "/api/adverts?sort=price_desc&minRam=0");
    await addElsewhere("Sixth");
    const buyer = await signedInClient(t, "buyer@x.test");
    expect((await buyer.raw("PUT", `/api/favourites/${firstId}`)).statusCode).toBeLessThan(300);
    expect(await names(visitor, "/api/adverts?sort=price_desc&minRam=0")).toEqual(before);
  });

  it("renders a page once for visitors who ask for it at the same moment", async () => {
    const search = vi.spyOn(t.services.catalogue.forVisitors, "search");
    try {
      const pages = await Promise.all(
        Array.from({ length: 20 }, () => client(t).get("/api/adverts?sort=newest&minRam=1")),
      );
      expect(pages.map((p) => p.statusCode)).toEqual(Array(20).fill(200));
      expect(new Set(pages.map((p) => p.body)).size).toBe(1);
      expect(search).toHaveBeenCalledTimes(1);
    } finally {
      search.mockRestore();
    }
  });

  it("never stores errors", async () => {
    const visitor = client(t);
    const hidden = await addElsewhere("Hidden");
    const setStatus = (status: "withdrawn" | "available") =>
      t.db.update(adverts).set({ status }).where(eq(adverts.id, hidden.id));
    await setStatus("withdrawn");
    expect((await visitor.get(`/api/adverts/${hidden.id}`)).statusCode).toBe(404);
    // Back on sale within the second (through another server): the 404 was not kept.
    await setStatus("available");
    const again = await visitor.get(`/api/adverts/${hidden.id}`);
    expect(again.statusCode).toBe(200);
    expect(again.json().name).toBe("Hidden");
  });
});

/**
 * Two app servers on one database (on PGlite, one set of services behind two servers), each caching visitors'
 * answers for a minute: only the broadcast can tell one of the other's changes.
 */
async function twoProcesses() {
  const a = await startTestApp({ PUBLIC_CACHE_MS: "60000" });
  const shared = a.runtime.database;
  const second =
    shared.kind === "postgres" ? await openDatabase({ kind: "postgres", url: shared.url as string }) : shared;
  const b = { ...a, ...(shared === second ? a : createServices(a.config, second, { insecureFastHash: true })) };
  b.app = await buildApp({ config: a.config, services: b.services, runtime: b.runtime, pages: false });
  await b.app.ready();
  const close = async () => {
    await b.app.close();
    if (second !== shared) await second.close();
    await a.close();
  };
  return { a, b, close };
}

describe("the visitors' micro-cache across processes", () => {
  it("is emptied on every process within a second of a change made through any one of them", async () => {
    const { a, b, close } = await twoProcesses();
    // What b's catalogue keeps for slow searches goes with its cache.
    const forgotten = vi.spyOn(b.services.catalogue.forVisitors, "forgetKeptCounts");
    try {
      await expectChangeSeenAcross(a, b);
      expect(forgotten).toHaveBeenCalled();
    } finally {
      await close();
    }
  });

  it("is emptied on every process by a change made without a request (a job's), through the advert lifecycle", async () => {
    const { a, b, close } = await twoProcesses();
    try {
      const { seller, brand, laptop } = await sellersLaptop(a, "jo@x.test", "Asus", "Zenbook job");
      const listed = async () =>
        ((await client(b).get(`/api/adverts?brand=${brand.id}`)).json() as { items: { id: string }[] }).items.map(
          (x) => x.id,
        );
      expect(await listed()).toContain(laptop.id); // now cached on b for a minute
      // An admin's removal made in the core, as a job would: no request, so only the lifecycle can tell b.
      await a.runtime.db.transaction(async (tx) =>
        takeDown(tx, (await lockAdvert(tx, laptop.id)) as typeof laptop, "remove", seller.id),
      );
      await expect.poll(listed, { timeout: 2_000, interval: 20 }).not.toContain(laptop.id);
    } finally {
      await close();
    }
  });

  it("hears of a sale from the sale itself, and of a booking nothing (it changes no visitor's page)", async () => {
    const { a, b, close } = await twoProcesses();
    // What process a's requests announce themselves (after a change, to empty every process's cache).
    const send = vi.spyOn(a.runtime.database.broadcast, "send");
    try {
      const { laptop } = await sellersLaptop(a, "sol@x.test", "Dell", "Latitude sold");
      await createUser(a, { name: "Ben", email: "ben@x.test" });
      const soldOnB = async () => (await client(b).get(`/api/adverts/${laptop.id}`)).json().sold;
      expect(await soldOnB()).toBe(false); // now cached on b for a minute
      const ben = client(a);
      await ben.signIn("ben@x.test");
      const booked = await bookToMeet(ben, laptop.id, "Here");
      expect(booked.statusCode).toBe(201);
      const announced = () => send.mock.calls.map(([channel]) => channel);
      expect(announced()).not.toContain("public_cache");
      const paid = await ben.post(`/api/orders/${booked.json().id}/pay`, {
        cardNumber: "4242 4242 4242 4242",
        expiry: "12 / 34",
        cvc: "123",
        attemptKey: "sale-heard-1",
      });
      expect(paid.statusCode).toBe(200);
      // b hears it from the advert lifecycle, in the sale's transaction: the request announces nothing more.
      await expect.poll(soldOnB, { timeout: 2_000, interval: 20 }).toBe(true);
      expect(announced()).not.toContain("public_cache");
    } finally {
      send.mockRestore();
      await close();
    }
  });

  it("tells every process of a new brand at once: its name in typed words is read as the brand there too", async () => {
    const { a, b, close } = await twoProcesses();
    try {
      // b's own catalogue, asked directly: the micro-cache would keep its answer; only the brand list is at stake.
      const chips = async () =>
        (await b.services.catalogue.search(searchSchema.parse({ q: "zephyrbook 16gb" }))).filters.map((f) => f.label);
      expect(await chips()).not.toContain("Brand Zephyrbook"); // b has read the brand list now
      const admin = await createUser(a, { name: "Ada", email: "ada@x.test", role: "admin" });
      await a.services.catalogue.brands.create(admin, {
        name: "Zephyrbook",
        image: new File([new Uint8Array(await pngBytes())], "logo.png", { type: "image/png" }),
      });
      // Without the announcement b would keep its list for a minute.
      await expect.poll(chips, { timeout: 2_000, interval: 20 }).toContain("Brand Zephyrbook");
    } finally {
      await close();
    }
  });
});
