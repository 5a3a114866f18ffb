import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { renderRow } from "../../core/notifications/index.ts";
import { publish } from "../../core/orders/index.ts";
import { adverts, emailOutbox, notifications, savedSearches, savedSearchMatches } from "../../db/schema/index.ts";
import { BAD_MATCHES_CURSOR, CHOOSE_A_BRAND } from "../../schemas/saved-searches.ts";
import { FILTER_ERRORS } from "../../schemas/search.ts";
import { createAdvert, createBrand, createUser } from "../../seed/factories.ts";
import { type Client, client } from "../support/http.ts";
import { multipart, pngBytes } from "../support/multipart.ts";
import { signedInAccount, signedInClient } from "../support/people.ts";
import { PUBLIC_URL, testAppForTests } from "../support/test-app.ts";

const t = testAppForTests();
let lenovo: string;
let dell: string;
let seller: Awaited<ReturnType<typeof createUser>>;
let sellerHttp: Client;
let n = 0;

const newBuyer = () => signedInAccount(t, { name: `Saver ${++n}`, email: `saver${n}@x.test` });
type Buyer = Awaited<ReturnType<typeof newBuyer>>;

async function save(buyer: Buyer, body: Record<string, unknown>) {
  const res = await buyer.http.post("/api/saved-searches", body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; name: string; alerts: string; url: string; summary: string };
}

/** A laptop posted and published, as the seller's form does it (the hook, in the advert's transaction). */
async function published(over: { name?: string; priceCents?: number; brandId?: string; sellerId?: string } = {}) {
  const advert = await createAdvert(t, {
    sellerId: over.sellerId ?? seller.id,
    brandId: over.brandId ?? lenovo,
    name: over.name ?? `Lenovo ThinkPad T14 ${++n}`,
    resalePriceCents: over.priceCents ?? 55_000,
    imageKey: "shared-photo",
  });
  await t.db.transaction((tx) => publish(tx, advert.id, advert.sellerId));
  return advert;
}

/** A laptop posted with columns the factory does not set, then published; its id. */
async function postedWith(
  seed: Omit<Parameters<typeof createAdvert>[1], "imageKey">,
  columns: Partial<typeof adverts.$inferInsert>,
) {
  const advert = await createAdvert(t, { ...seed, imageKey: "shared-photo" });
  await t.db.update(adverts).set(columns).where(eq(adverts.id, advert.id));
  await t.db.transaction((tx) => publish(tx, advert.id, advert.sellerId));
  return advert.id;
}

/** Which of `posted` a saved search was matched with equals which of them opening it finds; returns them. */
async function expectMatchedAsOpened(buyer: Buyer, search: { id: string; summary: string }, posted: string[]) {
  const found = await buyer.http.get(`/api/saved-searches/${search.id}/adverts`);
  const opened = (found.json().items as { id: string }[]).map((a) => a.id).filter((id) => posted.includes(id));
  const matched = (
    await t.db
      .select({ advertId: savedSearchMatches.advertId })
      .from(savedSearchMatches)
      .where(eq(savedSearchMatches.savedSearchId, search.id))
  ).map((m) => m.advertId);
  expect(matched.sort(), search.summary).toEqual(opened.sort());
  return matched;
}

const match = () => t.services.savedSearches.matchNow();
const noticesOf = (userId: string) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, "savedSearch.match")));
const emailsOf = (userId: string, kind: string) =>
  t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.userId, userId), eq(emailOutbox.kind, kind)));

beforeAll(async () => {
  lenovo = (await createBrand(t, "Lenovo")).id;
  dell = (await createBrand(t, "Dell")).id;
  seller = await createUser(t, { name: "Sam Seller", email: "seller@x.test", role: "seller" });
  sellerHttp = await signedInClient(t, "seller@x.test");
});

describe("saving, listing, renaming, deleting", () => {
  it("saves /allAdd's parameters with a name suggested from the filters and instant alerts", async () => {
    const buyer = await newBuyer();
    const saved = await save(buyer, { brand: lenovo, minRam: 16, maxPrice: 600, sort: "price_asc" });
    expect(saved).toMatchObject({ name: "Lenovo · 16 GB+ · under $600", alerts: "instant" });
    expect(saved.url).toBe(`/allAdd?brand=${lenovo}&maxPrice=600&minRam=16&sort=price_asc`);
    const list = (await buyer.http.get("/api/saved-searches")).json().savedSearches;
    expect(list.map((s: { id: string }) => s.id)).toEqual([saved.id]);

    const renamed = await buyer.http.raw("PUT", `/api/saved-searches/${saved.id}`, { name: "Cheap ThinkPads" });
    expect(renamed.json()).toMatchObject({ name: "Cheap ThinkPads", alerts: "instant" });
    const daily = await buyer.http.raw("PUT", `/api/saved-searches/${saved.id}`, { alerts: "daily" });
    expect(daily.json()).toMatchObject({ name: "Cheap ThinkPads", alerts: "daily" });
    expect((await buyer.http.raw("DELETE", `/api/saved-searches/${saved.id}`)).statusCode).toBe(204);
    expect((await buyer.http.get("/api/saved-searches")).json().savedSearches).toEqual([]);
  });

  it("keeps the spec filters /allAdd reads from words and controls: processor, tier, battery, screen, storage type, age, verified, ships", async () => {
    const buyer = await newBuyer();
    const saved = await save(buyer, {
      cpu: "i7",
      tier: 3,
      minRam: 16,
      minStorage: 512,
      storageType: "SSD",
      minBattery: 80,
      minScreen: 13.3,
      maxScreen: 14,
      maxYears: 3,
      verified: true,
      ships: true,
    });
    expect(saved.name).toBe(
      // Every filter named, cut at 80 characters.
      "Core i7 · Performance · 16 GB+ · 512 GB+ SSD · 13.3–14″ · battery 80%+ · ≤ 3 ye…",
    );
    expect(saved.url).toBe(
      "/allAdd?minRam=16&minStorage=512&cpu=i7&tier=3&minBattery=80&minScreen=13.3&maxScreen=14&storageType=SSD&maxYears=3&verified=true&ships=true",
    );
    // Opening it runs the same search as that URL.
    const opened = (await buyer.http.get(`/api/saved-searches/${saved.id}/adverts`)).json().filters;
    const direct = (await buyer.http.get(`/api${saved.url.replace("/allAdd", "/adverts")}`)).json().filters;
    expect(opened).toEqual(direct);
    expect(opened.map((f: { label: string }) => f.label)).toContain("Processor Core i7");
  });

  it("refuses a malformed filter with a message naming it", async () => {
    const buyer = await newBuyer();
    for (const [body, field, message] of [
      [{ minPrice: "cheap" }, "minPrice", "Min price must be an amount in dollars"],
      [{ minRam: 2.5 }, "minRam", "RAM must be a whole number of GB"],
      [{ brand: "lenovo" }, "brand", "Choose a brand from the list"],
      [{ condition: "mint" }, "condition", "Condition must be one of excellent, good, Fair"],
      [{ sort: "random" }, "sort", "Sort must be one of newest, price_asc, price_desc, best_value"],
      [{ minPrice: 700, maxPrice: 600 }, "maxPrice", "Max price must be at least the min price"],
      [{ alerts: "weekly" }, "alerts", "Alerts must be instant, daily or off"],
      [{ cpu: "pentium 4" }, "cpu", FILTER_ERRORS.cpu],
      [{ tier: 9 }, "tier", FILTER_ERRORS.tier],
      [{ minBattery: 101 }, "minBattery", FILTER_ERRORS.minBattery],
      [{ minScreen: 40 }, "minScreen", FILTER_ERRORS.minScreen],
      [{ minScreen: 15, maxScreen: 13 }, "maxScreen", FILTER_ERRORS.screenRange],
      [{ storageType: "tape" }, "storageType", FILTER_ERRORS.storageType],
      [{ maxYears: -1 }, "maxYears", FILTER_ERRORS.maxYears],
      [{ verified: "maybe" }, "verified", FILTER_ERRORS.verified],
      [{ ships: "yes" }, "ships", FILTER_ERRORS.ships],
      [{ minScreen: 13.35 }, "minScreen", FILTER_ERRORS.minScreen],
      // Well formed, but no such brand: a search for it could never match.
      [{ brand: "0b6f1f7e-9c1e-4f51-9a51-3f2d6b1f0c11" }, "brand", CHOOSE_A_BRAND],
    ] as const) {
      const res = await buyer.http.post("/api/saved-searches", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields?.[field], JSON.stringify(res.json())).toBe(message);
    }
    const res = await buyer.http.raw("PUT", `/api/saved-searches/${(await save(buyer, {})).id}`, { alerts: "hourly" });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.alerts).toBe("Alerts must be instant, daily or off");
  });

  it("takes numbers as JSON numbers and verified sellers as a boolean: text, booleans or lists for them are refused, naming each", async () => {
    const buyer = await newBuyer();
    const numbers = [
      "minPrice",
      "maxPrice",
      "minRam",
      "minStorage",
      "tier",
      "minBattery",
      "minScreen",
      "maxScreen",
      "maxYears",
    ];
    for (const field of numbers) {
      for (const value of ["16", true, [16], ""]) {
        const res = await buyer.http.post("/api/saved-searches", { q: "typed", [field]: value });
        expect(res.statusCode, `${field}: ${JSON.stringify(value)}`).toBe(400);
        expect(Object.keys(res.json().fields ?? {}), `${field}: ${JSON.stringify(value)}`).toEqual([field]);
      }
    }
    for (const value of ["true", 1, [true]]) {
      const res = await buyer.http.post("/api/saved-searches", { q: "typed", verified: value });
      expect([res.statusCode, res.json().fields], JSON.stringify(value)).toEqual([
        400,
        { verified: FILTER_ERRORS.verified },
      ]);
    }
    // Left out, null and (for text and choices) empty all mean "any".
    const saved = await save(buyer, { q: "typed", minPrice: null, brand: "", verified: false });
    expect(saved.url).toBe("/allAdd?q=typed");
    expect((await buyer.http.get("/api/saved-searches")).json().savedSearches).toHaveLength(1);
  });

  it("takes words, places and names of nothing visible as left empty: no filter, the suggested name", async () => {
    const buyer = await newBuyer();
    const saved = await save(buyer, {
      q: "thinkpad",
      location: "\u202E\u200B ",
      seller: "\u2060",
      name: "\u3164\u200B ",
    });
    expect([saved.url, saved.name]).toEqual(["/allAdd?q=thinkpad", "thinkpad"]);
    // A new name must say something, as it must not be empty.
    const renamed = await buyer.http.raw("PUT", `/api/saved-searches/${saved.id}`, { name: " \u200B\uFEFF" });
    expect([renamed.statusCode, renamed.json().fields?.name]).toEqual([400, "Name cannot be empty"]);
  });

  it("keeps each person's searches their own: someone else's is not found", async () => {
    const owner = await newBuyer();
    const other = await newBuyer();
    const { id } = await save(owner, { q: "xps" });
    for (const [method, url, body] of [
      ["GET", `/api/saved-searches/${id}`, undefined],
      ["GET", `/api/saved-searches/${id}/adverts`, undefined],
      ["PUT", `/api/saved-searches/${id}`, { name: "Mine now" }],
      ["DELETE", `/api/saved-searches/${id}`, undefined],
    ] as const) {
      const res = await other.http.raw(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message).toBe("This saved search does not exist.");
    }
    expect((await other.http.get("/api/saved-searches")).json().savedSearches).toEqual([]);
    expect((await owner.http.get(`/api/saved-searches/${id}`)).json().name).toBe("xps");
  });

  it("keeps at most 50 per person, with a clear message past that", async () => {
    const buyer = await newBuyer();
    await t.db
      .insert(savedSearches)
      .values(Array.from({ length: 49 }, (_, i) => ({ userId: buyer.user.id, name: `Search ${i}`, q: `word${i}` })));
    // The 50th and 51st at the same moment: exactly one fits.
    const [a, b] = await Promise.all([
      buyer.http.post("/api/saved-searches", { q: "fiftieth" }),
      buyer.http.post("/api/saved-searches", { q: "fifty-first" }),
    ]);
    expect([a?.statusCode, b?.statusCode].sort()).toEqual([201, 409]);
    const refused = a?.statusCode === 409 ? a : b;
    expect(refused?.json().message).toBe("You can keep at most 50 saved searches. Delete one to save another.");
    expect((await buyer.http.get("/api/saved-searches")).json().savedSearches).toHaveLength(50);
  });

  it("refuses the same search saved twice (its alerts would come twice), naming the one already saved", async () => {
    const buyer = await newBuyer();
    const search = { q: "thinkpad", minRam: 16, maxPrice: 60_000, condition: "excellent", sort: "price_asc" };
    expect((await buyer.http.post("/api/saved-searches", { ...search, name: "Mine" })).statusCode).toBe(201);
    const again = await buyer.http.post("/api/saved-searches", { ...search, name: "Mine again" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("You have already saved this search, as “Mine”.");
    // One filter more, or another person: a search of its own.
    expect((await buyer.http.post("/api/saved-searches", { ...search, minStorage: 512 })).statusCode).toBe(201);
    expect((await (await newBuyer()).http.post("/api/saved-searches", search)).statusCode).toBe(201);
    expect((await buyer.http.get("/api/saved-searches")).json().savedSearches).toHaveLength(2);
  });

  it("still opens a search whose brand was deleted: no laptops, no error", async () => {
    const buyer = await newBuyer();
    const gone = await createBrand(t, "Gone Brand");
    const { id } = await save(buyer, { brand: gone.id, q: "anything" });
    await t.db.execute(sql`delete from brands where id = ${gone.id}`);
    const opened = await buyer.http.get(`/api/saved-searches/${id}/adverts`);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().items).toEqual([]);
    expect((await buyer.http.get(`/api/saved-searches/${id}`)).json().summary).toBe(
      "anything · a brand no longer listed",
    );
  });
});

describe("alerts", () => {
  it("matches a posted laptop after the request, on the queue: a notification linking to it and one email", async () => {
    const buyer = await newBuyer();
    const search = await save(buyer, { q: "thinkpad", brand: lenovo, maxPrice: 600, minRam: 16 });
    const body = multipart(
      {
        name: "Lenovo ThinkPad X1 Carbon",
        brandId: lenovo,
        originalPrice: "1400",
        resalePrice: "580",
        yearsOfUse: "2",
        location: "Sylhet",
        mobile: "01712345678",
        description: "Works perfectly.",
        condition: "good",
        ramGb: "16",
      },
      { photos: { name: "p.png", data: await pngBytes() } },
    );
    const posted = await sellerHttp.raw("POST", "/api/adverts", body.payload, body.headers);
    expect(posted.statusCode, posted.body).toBe(201);
    const advertId = posted.json().id as string;
    expect(await noticesOf(buyer.user.id)).toHaveLength(0); // nothing in the seller's request

    expect(await match()).toBeGreaterThanOrEqual(1);
    const [notice] = await noticesOf(buyer.user.id);
    expect(notice).toMatchObject({
      title: "New match: Lenovo ThinkPad X1 Carbon",
      body: `$580 · for your saved search “${search.name}”.`,
      link: `/laptops/${advertId}`,
    });
    const [email] = await emailsOf(buyer.user.id, "savedSearch.instant");
    expect(email?.subject).toBe(`New match for “${search.name}”: Lenovo ThinkPad X1 Carbon`);
    const rendered = renderRow(email as never, { publicUrl: PUBLIC_URL, secret: "x".repeat(32) });
    expect(rendered.text).toContain(`${PUBLIC_URL}/laptops/${advertId}`);
    expect(rendered.html).toContain(`href="${PUBLIC_URL}/laptops/${advertId}"`);
  });

  it("matches only what the search says: brand, price, RAM and words", async () => {
    const buyer = await newBuyer();
    await save(buyer, { q: "thinkpad", brand: lenovo, maxPrice: 600 });
    await published({ name: "Lenovo ThinkPad E14", priceCents: 70_000 }); // too dear
    await published({ name: "Dell ThinkPad-ish", brandId: dell }); // another brand
    await published({ name: "Lenovo IdeaPad 5" }); // other words
    const typo = await published({ name: "Lenovo Thinkpadd L13" }); // a typo still matches the name
    await match();
    expect((await noticesOf(buyer.user.id)).map((x) => x.link)).toEqual([`/laptops/${typo.id}`]);
  });

  it("matches exactly what opening the search finds: the catalogue's search, read the other way round", async () => {
    const buyer = await newBuyer();
    const batch = `batch${Date.now().toString(36)}`;
    const searches = [
      { q: `${batch} carbon` },
      { q: batch, brand: lenovo, minRam: 16 },
      { q: batch, minPrice: 400, maxPrice: 700, condition: "excellent" },
      { q: batch, location: "sylhet", minStorage: 512 },
      { q: `${batch} -yoga` },
      { q: `${batch} or nothing`, brand: dell },
    ];
    const saved: Awaited<ReturnType<typeof save>>[] = [];
    for (const body of searches) saved.push(await save(buyer, body));
    const specs = [
      {
        name: `Lenovo Carbon ${batch}`,
        price: 45_000,
        ram: 16,
        storage: 512,
        location: "Sylhet",
        condition: "excellent",
      },
      { name: `Lenovo Yoga ${batch}`, price: 65_000, ram: 8, storage: 256, location: "Dhaka", condition: "good" },
      { name: `Dell XPS ${batch}`, price: 80_000, ram: 32, storage: 1024, location: "sylhet", condition: "excellent" },
      { name: `Lenovo Legion ${batch}`, price: 39_000, ram: 16, storage: 128, location: "Khulna", condition: "Fair" },
    ] as const;
    const posted: string[] = [];
    for (const spec of specs) {
      posted.push(
        await postedWith(
          {
            sellerId: seller.id,
            brandId: spec.name.startsWith("Dell") ? dell : lenovo,
            name: spec.name,
            resalePriceCents: spec.price,
            location: spec.location,
            condition: spec.condition,
          },
          { ramGb: spec.ram, storageGb: spec.storage },
        ),
      );
    }
    await match();
    for (const search of saved) {
      await expectMatchedAsOpened(buyer, search, posted);
    }
    // And the searches do tell apart: not all match everything, and some match something.
    const counts = await t.db
      .select({ id: savedSearchMatches.savedSearchId })
      .from(savedSearchMatches)
      .where(eq(savedSearchMatches.userId, buyer.user.id));
    expect(counts.length).toBeGreaterThan(3);
    expect(counts.length).toBeLessThan(searches.length * specs.length);
  });

  it("matches the spec filters exactly as opening the search finds them", async () => {
    const buyer = await newBuyer();
    const verifiedSeller = await createUser(t, {
      name: "Vera Verified",
      email: `vera${++n}@x.test`,
      role: "seller",
      verified: true,
    });
    const batch = `spec${Date.now().toString(36)}`;
    const searches = [
      { q: batch, cpu: "i7" },
      { q: batch, cpu: "m2 pro" },
      { q: batch, tier: 3 },
      { q: batch, minBattery: 85 },
      { q: batch, minScreen: 13, maxScreen: 14 },
      { q: batch, storageType: "HDD" },
      { q: batch, maxYears: 2 },
      { q: batch, verified: true },
      { q: batch, ships: true },
      { q: batch, batteryVerified: true },
      { q: batch, charger: true },
    ];
    const saved: Awaited<ReturnType<typeof save>>[] = [];
    for (const body of searches) saved.push(await save(buyer, body));
    const specs = [
      {
        processor: "Intel Core i7-8650U",
        battery: 90,
        reportBattery: 80,
        screen: "14",
        storage: "SSD",
        years: 1,
        verified: false,
        ships: true,
        checklist: ["screen", "charger"],
      },
      {
        processor: "Apple M2 Pro 10-core",
        battery: 70,
        reportBattery: 72,
        screen: "16.2",
        storage: "SSD",
        years: 3,
        verified: true,
        ships: false,
        checklist: ["box"],
      },
      {
        processor: "Intel Core i5-8250U",
        battery: 88,
        reportBattery: null,
        screen: "15.6",
        storage: "HDD",
        years: 4,
        verified: true,
        ships: true,
        checklist: ["charger"],
      },
      {
        processor: "Whatever chip",
        battery: 50,
        reportBattery: null,
        screen: "13.3",
        storage: "eMMC",
        years: 2,
        verified: false,
        ships: false,
        checklist: [],
      },
    ] as const;
    const posted: string[] = [];
    for (const [i, spec] of specs.entries()) {
      posted.push(
        await postedWith(
          {
            sellerId: spec.verified ? verifiedSeller.id : seller.id,
            brandId: lenovo,
            name: `Lenovo ${batch} ${i}`,
            resalePriceCents: 50_000,
            processor: spec.processor,
            storageType: spec.storage,
            yearsOfUse: spec.years,
          },
          // A battery report's figure (reportBattery) is what the battery filter tests when there is one.
          {
            batteryHealth: spec.battery,
            batteryVerified: spec.reportBattery,
            screenInches: spec.screen,
            ships: spec.ships,
            checklist: [...spec.checklist],
          },
        ),
      );
    }
    await match();
    const matchCounts: number[] = [];
    for (const search of saved) {
      matchCounts.push((await expectMatchedAsOpened(buyer, search, posted)).length);
    }
    // Each filter tells the laptops apart: every search matches some, none matches all four.
    expect(
      matchCounts.every((c) => c > 0 && c < specs.length),
      String(matchCounts),
    ).toBe(true);
  });

  it("never tells a seller about their own laptop", async () => {
    const sellerSearch = await sellerHttp.post("/api/saved-searches", { brand: lenovo });
    expect(sellerSearch.statusCode).toBe(201);
    const buyer = await newBuyer();
    await save(buyer, { brand: lenovo });
    const advert = await published();
    await match();
    expect((await noticesOf(seller.id)).filter((x) => x.link.endsWith(advert.id))).toEqual([]);
    expect((await noticesOf(buyer.user.id)).map((x) => x.link)).toContain(`/laptops/${advert.id}`);
  });

  it("never tells twice about the same laptop and search, however often it is matched", async () => {
    const buyer = await newBuyer();
    await save(buyer, { q: "yoga" });
    const advert = await published({ name: "Lenovo Yoga 7i" });
    await match();
    await match();
    // A retried job, or the same advert published again (approved after being held).
    await t.db.execute(sql`update advert_publications set matched_at = null where advert_id = ${advert.id}`);
    await t.db.transaction((tx) => publish(tx, advert.id, seller.id));
    await match();
    expect(await noticesOf(buyer.user.id)).toHaveLength(1);
    expect(await emailsOf(buyer.user.id, "savedSearch.instant")).toHaveLength(1);
  });

  it("emails each search at most once an hour, listing what came meanwhile; the app is told of each at once", async () => {
    const buyer = await newBuyer();
    const { id } = await save(buyer, { q: "legion" });
    const first = await published({ name: "Lenovo Legion 5" });
    await match();
    const second = await published({ name: "Lenovo Legion 7" });
    const third = await published({ name: "Lenovo Legion Slim" });
    await match();
    expect(await noticesOf(buyer.user.id)).toHaveLength(3);
    const emails = await emailsOf(buyer.user.id, "savedSearch.instant");
    expect(emails).toHaveLength(1);
    expect(
      (emails[0]?.payload.params as { laptops: { advertId: string }[] } | undefined)?.laptops.map((l) => l.advertId),
    ).toEqual([first.id]);

    // An hour later the sweep sends the two that waited, in one email.
    await t.db
      .update(savedSearches)
      .set({ lastEmailedAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(savedSearches.id, id));
    await match();
    const after = await emailsOf(buyer.user.id, "savedSearch.instant");
    expect(after).toHaveLength(2);
    const later = after.find((e) => e.id !== emails[0]?.id);
    expect(later?.subject).toBe("2 new matches for “legion”");
    expect(
      (later?.payload.params as { laptops: { advertId: string }[] } | undefined)?.laptops.map((l) => l.advertId).sort(),
    ).toEqual([second.id, third.id].sort());
    await match();
    expect(await emailsOf(buyer.user.id, "savedSearch.instant")).toHaveLength(2);
  });

  it("tells nothing for searches with alerts off", async () => {
    const buyer = await newBuyer();
    await save(buyer, { q: "ideacentre", alerts: "off" });
    await published({ name: "Lenovo IdeaCentre laptop" });
    await match();
    expect(await noticesOf(buyer.user.id)).toHaveLength(0);
  });

  it("sends daily searches one digest a day: the newest 20 of the new matches, with a link to all of them", async () => {
    const buyer = await newBuyer();
    await save(buyer, { q: "carbon", alerts: "daily", name: "Carbons" });
    await save(buyer, { q: "flex", alerts: "daily", name: "Flexes" });
    for (let i = 0; i < 23; i++) await published({ name: `Lenovo Carbon ${i}` });
    await published({ name: "Lenovo Flex 5" });
    await match();
    expect(await noticesOf(buyer.user.id)).toHaveLength(0); // daily: no notification per laptop
    expect(await emailsOf(buyer.user.id, "savedSearch.instant")).toHaveLength(0);

    await t.services.savedSearches.sendDigestsNow();
    await t.services.savedSearches.sendDigestsNow(); // the same day again: nothing new to send
    const digests = await emailsOf(buyer.user.id, "savedSearch.daily");
    expect(digests).toHaveLength(1);
    const digest = digests[0] as (typeof digests)[number];
    expect(digest.subject).toBe("24 new laptops match your saved searches");
    const params = digest.payload.params as { laptops: { productName: string; searchName: string }[]; total: number };
    expect(params.total).toBe(24);
    expect(params.laptops).toHaveLength(20);
    expect(params.laptops[0]).toMatchObject({ productName: "Lenovo Flex 5", searchName: "Flexes" });
    const rendered = renderRow(digest as never, { publicUrl: PUBLIC_URL, secret: "x".repeat(32) });
    expect(rendered.text).toContain("24 new laptops match your saved searches. Here are the 20 newest:");
    expect(rendered.text).toContain(`See all 24 new matches: ${PUBLIC_URL}/dashboard/saved-searches/matches`);
  });

  it("lists every match, newest first in keyset pages, as it is now: where the emails' See all goes", async () => {
    const buyer = await newBuyer();
    const other = await newBuyer();
    const yogas = await save(buyer, { q: "yoga", alerts: "daily", name: "Yogas" });
    await save(buyer, { q: "legion", name: "Legions" });
    const posted = [];
    for (let i = 0; i < 23; i++) posted.push(await published({ name: `Lenovo Yoga ${i}` }));
    const legion = await published({ name: "Lenovo Legion 5" });
    await match();
    // One of them is withdrawn since: still listed, as no longer for sale.
    const withdrawn = posted[3] as (typeof posted)[number];
    await t.db.update(adverts).set({ status: "withdrawn" }).where(eq(adverts.id, withdrawn.id));

    const first = await buyer.http.get("/api/saved-searches/matches");
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json() as {
      items: {
        advertId: string;
        searchName: string;
        status: string;
        matchedAt: string;
        card: { name: string; brandName: string } | null;
      }[];
      next: string;
    };
    expect(page1.items).toHaveLength(20);
    const second = await buyer.http.get(`/api/saved-searches/matches?cursor=${page1.next}`);
    const page2 = second.json() as typeof page1;
    expect(page2.next).toBeNull();
    const all = [...page1.items, ...page2.items];
    const times = all.map((m) => m.matchedAt);
    expect(times).toEqual([...times].sort().reverse()); // newest first (ISO times sort as text)
    expect(all.find((m) => m.advertId === legion.id)).toMatchObject({ searchName: "Legions", status: "available" });
    expect(all.map((m) => m.advertId).sort()).toEqual([legion, ...posted].map((a) => a.id).sort());
    expect(all.filter((m) => m.searchName === "Yogas")).toHaveLength(23);
    expect(all.find((m) => m.advertId === withdrawn.id)).toMatchObject({ status: "gone", card: null });
    // Each match still for sale carries the card every other list shows.
    expect(all.find((m) => m.advertId === legion.id)?.card).toMatchObject({
      name: "Lenovo Legion 5",
      brandName: "Lenovo",
    });

    // Another person's matches are not theirs to see.
    expect((await other.http.get("/api/saved-searches/matches")).json()).toEqual({ items: [], next: null });
    // Deleting a search takes its matches with it.
    await buyer.http.raw("DELETE", `/api/saved-searches/${yogas.id}`);
    expect((await buyer.http.get("/api/saved-searches/matches")).json().items).toHaveLength(1);
    // Not one of ours: a word, or a time JavaScript reads and PostgreSQL would not ("0", a year alone).
    const crafted = (at: string) => Buffer.from(`${at}|${yogas.id}|${legion.id}`).toString("base64url");
    for (const cursor of ["nonsense", crafted("0x1"), crafted("2020-01-01"), crafted("99999999999999999")]) {
      const bad = await buyer.http.get(`/api/saved-searches/matches?cursor=${cursor}`);
      expect(bad.statusCode, cursor).toBe(400);
      expect(bad.json().fields).toEqual({ cursor: BAD_MATCHES_CURSOR });
    }
    expect((await client(t).get("/api/saved-searches/matches")).statusCode).toBe(401);
  });
});
