import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { comparablePrices, REFRESH_PRICE_GUIDES } from "../../core/catalogue/index.ts";
import { adverts, orders } from "../../db/schema/index.ts";
import { createAdvert, createBrand, createUser } from "../../seed/factories.ts";
import { recordSale } from "../../seed/sales-history.ts";
import { type Client, client } from "../support/http.ts";
import { signedInClient } from "../support/people.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
let brandId: string;
let seller: Awaited<ReturnType<typeof createUser>>;
let buyer: Awaited<ReturnType<typeof createUser>>;
let sellerHttp: Client;
const DAY_MS = 24 * 3600 * 1000;

/** Each test prices its own configuration (a RAM size of its own), so tests do not see each other's laptops. */
const config = (ramGb: number) => ({
  performanceTier: 2,
  processorYear: 2018,
  ramGb,
  storageGb: 256,
  condition: "good" as const,
  yearsOfUse: 3,
});
/** A battery figure is set on some laptops only (the advert form's typed one). */
type Config = ReturnType<typeof config> & { batteryHealth?: number };

async function laptop(c: Config, dollars: number, changes: Partial<Config> & { status?: "sold" } = {}) {
  const { yearsOfUse, condition, status, ...specs } = { ...c, ...changes };
  const advert = await createAdvert(t, {
    sellerId: seller.id,
    brandId,
    name: "ThinkPad T480",
    resalePriceCents: dollars * 100,
    yearsOfUse,
    condition,
    status,
    imageKey: "demo",
  });
  await t.db.update(adverts).set(specs).where(eq(adverts.id, advert.id));
  return advert;
}

async function sale(
  c: Config,
  dollars: number,
  { daysAgo = 30, ...changes }: Partial<Config> & { daysAgo?: number } = {},
) {
  const advert = await laptop(c, dollars + 20, { ...changes, status: "sold" });
  await recordSale(t, {
    advertId: advert.id,
    name: advert.name,
    imageKey: "demo",
    priceCents: dollars * 100,
    buyer,
    soldAt: new Date(Date.now() - daysAgo * DAY_MS),
  });
  return advert;
}

const query = (c: Config) => new URLSearchParams(Object.entries(c).map(([k, v]) => [k, String(v)])).toString();

beforeAll(async () => {
  t = await startTestApp({}, { retryJobsAtOnce: true, log: () => {} });
  brandId = (await createBrand(t, "Lenovo")).id;
  seller = await createUser(t, { name: "Sam Seller", email: "sam@x.test", role: "seller" });
  buyer = await createUser(t, { name: "Bea Buyer", email: "bea@x.test" });
  sellerHttp = await signedInClient(t, "sam@x.test");
});
afterAll(async () => t?.close());

describe("price guidance for the advert form", () => {
  it("comes from the last 12 months' paid and received sales when there are five", async () => {
    const c = config(8);
    for (const dollars of [300, 280, 340, 320, 310]) await sale(c, dollars);
    // Comparable: a year younger, and the other year of the generation band (2017–18).
    await sale(c, 290, { yearsOfUse: 2, processorYear: 2017 });
    // Not comparable: sold over a year ago, another RAM, another band, two years older, refunded.
    await sale(c, 900, { daysAgo: 400 });
    await sale(c, 900, { ramGb: 9 });
    await sale(c, 900, { processorYear: 2019 });
    await sale(c, 900, { yearsOfUse: 5 });
    const refunded = await sale(c, 900);
    await t.db.update(orders).set({ status: "refunded" }).where(eq(orders.advertId, refunded.id));

    const res = await sellerHttp.get(`/api/price-guidance?${query(c)}`);
    expect(res.statusCode, res.body).toBe(200);
    // Six sales: 280 290 300 310 320 340 → quartiles by percentile_cont.
    expect(res.json()).toEqual({
      guidance: { source: "sales", count: 6, lowCents: 29_250, medianCents: 30_500, highCents: 31_750, battery: null },
    });
  });

  it("uses laptops for sale now when fewer than five sold, and says nothing with fewer than five of those", async () => {
    const c = config(12);
    for (const dollars of [400, 420]) await sale(c, dollars);
    for (const dollars of [500, 450, 550, 480]) await laptop(c, dollars);
    expect((await sellerHttp.get(`/api/price-guidance?${query(c)}`)).json()).toEqual({ guidance: null });

    await laptop(c, 520);
    expect((await sellerHttp.get(`/api/price-guidance?${query(c)}`)).json()).toEqual({
      guidance: {
        source: "listings",
        count: 5,
        lowCents: 48_000,
        medianCents: 50_000,
        highCents: 52_000,
        battery: null,
      },
    });
    // An unrecognised processor (no tier) has no comparables.
    expect(await comparablePrices(t.db, { ...c, performanceTier: null })).toBeNull();
  });

  it("weighs the battery: laptops with one in the same band, when five or more have one", async () => {
    const c = config(20);
    // Five with a battery at 90 % or more sold for more; five worn ones for less; one without a figure.
    for (const dollars of [500, 520, 540, 560, 580]) await sale(c, dollars, { batteryHealth: 95 });
    for (const dollars of [300, 320, 340, 360, 380]) await sale(c, dollars, { batteryHealth: 72 });
    await sale(c, 450);
    const ask = async (batteryHealth?: number) =>
      (
        await sellerHttp.get(
          `/api/price-guidance?${query(c)}${batteryHealth === undefined ? "" : `&batteryHealth=${batteryHealth}`}`,
        )
      ).json().guidance;
    expect(await ask(91)).toEqual({
      source: "sales",
      count: 5,
      lowCents: 52_000,
      medianCents: 54_000,
      highCents: 56_000,
      battery: { from: 90, to: 100 },
    });
    expect((await ask(70)).medianCents).toBe(34_000);
    // Too few in its band (80–89 %), or no battery given: every comparable.
    expect(await ask(85)).toMatchObject({ count: 11, medianCents: 45_000, battery: null });
    expect(await ask()).toMatchObject({ count: 11, battery: null });
    const bad = await sellerHttp.get(`/api/price-guidance?${query(c)}&batteryHealth=120`);
    expect(bad.json().fields).toEqual({ batteryHealth: expect.any(String) });
  });

  it("refuses bad input naming the field, and anyone but a seller", async () => {
    const c = config(8);
    const bad = await sellerHttp.get(`/api/price-guidance?${query({ ...c, ramGb: "lots" as never })}`);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(["ramGb"]);
    const { condition: _c, ...noCondition } = c;
    const missing = await sellerHttp.get(`/api/price-guidance?${query(noCondition as Config)}`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toHaveProperty("condition");
    expect((await client(t).get(`/api/price-guidance?${query(c)}`)).statusCode).toBe(401);
  });
});

describe("price badges", () => {
  it("appear on cards and the laptop's page after the refresh job, from the same numbers as the guidance", async () => {
    const c = config(24);
    for (const dollars of [300, 280, 340, 320, 310, 290]) await sale(c, dollars);
    const great = await laptop(c, 290);
    const fair = await laptop(c, 315);
    const dear = await laptop(c, 400);
    const unknown = await laptop(c, 100, { performanceTier: null as never });
    // Under 40 % of the median (30,500): too good to be true, never a Great price.
    const tooLow = await laptop(c, 120);

    const badges = async () => {
      const res = await client(t).get(`/api/adverts?seller=${seller.id}&minRam=24&minStorage=256`);
      const items = res.json().items as { id: string; priceBadge: string | null }[];
      return Object.fromEntries(items.map((a) => [a.id, a.priceBadge]));
    };
    expect(Object.values(await badges()).every((b) => b === null)).toBe(true);

    await t.services.jobs.start();
    await t.services.jobs.queue.send(REFRESH_PRICE_GUIDES, {});
    expect(await t.services.jobs.queue.runDue([REFRESH_PRICE_GUIDES])).toBe(1);

    expect(await badges()).toMatchObject({
      [great.id]: "great",
      [fair.id]: "fair",
      [dear.id]: null,
      [unknown.id]: null,
      [tooLow.id]: null,
    });
    const page = (await client(t).get(`/api/adverts/${great.id}`)).json();
    expect(page).toMatchObject({ priceBadge: "great", priceBasis: { count: 6, source: "sales" } });
    // Buyers see the same range under the price, and the six sales behind it, oldest first.
    expect(page.worth.guidance).toMatchObject({ source: "sales", count: 6, lowCents: 29_250, highCents: 31_750 });
    expect(page.worth.sales.map((s: { priceCents: number }) => s.priceCents).sort()).toEqual([
      28_000, 29_000, 30_000, 31_000, 32_000, 34_000,
    ]);
    expect((await client(t).get(`/api/adverts/${dear.id}`)).json()).toMatchObject({
      priceBadge: null,
      priceBasis: null,
    });
    // The job's quartiles are the form's: 29,250 ≤ 290 → great; 315 ≤ 31,750 → fair.
    expect(await comparablePrices(t.db, c)).toMatchObject({ lowCents: 29_250, highCents: 31_750 });
  });
});
