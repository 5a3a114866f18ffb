import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { processorColumns } from "../../core/catalogue/index.ts";
import { adverts } from "../../db/schema/index.ts";
import { WORTH_MESSAGES } from "../../schemas/price-guidance.ts";
import { createAdvert, createBrand, createUser } from "../../seed/factories.ts";
import { recordSale } from "../../seed/sales-history.ts";
import { client } from "../support/http.ts";
import { closePageApp, startPageApp } from "../support/page-build.ts";
import type { TestApp } from "../support/test-app.ts";

let t: TestApp;
let brandId: string;
let seller: Awaited<ReturnType<typeof createUser>>;
let buyer: Awaited<ReturnType<typeof createUser>>;
const DAY_MS = 24 * 3600 * 1000;
const PROCESSOR = "Core i5-8250U";

/** A configuration of its own per test (its RAM), as /worth asks it. */
const asked = (ramGb: number) => ({ processor: PROCESSOR, ramGb, storageGb: 256, condition: "good", yearsOfUse: 3 });
const query = (q: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString();

async function laptop(ramGb: number, dollars: number, status?: "sold") {
  const advert = await createAdvert(t, {
    sellerId: seller.id,
    brandId,
    name: "ThinkPad T480",
    resalePriceCents: dollars * 100,
    yearsOfUse: 3,
    condition: "good",
    status,
    imageKey: "demo",
  });
  const { performanceTier, processorYear } = processorColumns(PROCESSOR);
  await t.db
    .update(adverts)
    .set({ processor: PROCESSOR, performanceTier, processorYear, ramGb, storageGb: 256 })
    .where(eq(adverts.id, advert.id));
  return advert;
}

async function sale(ramGb: number, dollars: number, daysAgo: number) {
  const advert = await laptop(ramGb, dollars, "sold");
  await recordSale(t, {
    advertId: advert.id,
    name: advert.name,
    imageKey: "demo",
    priceCents: dollars * 100,
    buyer,
    soldAt: new Date(Date.now() - daysAgo * DAY_MS),
  });
}

beforeAll(async () => {
  t = await startPageApp({}, { log: () => {} });
  brandId = (await createBrand(t, "Lenovo")).id;
  seller = await createUser(t, { name: "Sam Seller", email: "sam@x.test", role: "seller" });
  buyer = await createUser(t, { name: "Bea Buyer", email: "bea@x.test" });
});
afterAll(() => closePageApp(t));

describe("what's my laptop worth", () => {
  it("answers anyone with the kept guide's range and the sales behind it, oldest first", async () => {
    for (const [dollars, daysAgo] of [
      [300, 200],
      [280, 20],
      [340, 90],
      [320, 5],
      [310, 300],
      [290, 60],
    ] as const)
      await sale(8, dollars, daysAgo);
    await t.services.catalogue.refreshPriceGuidesNow();

    const res = await client(t).get(`/api/worth?${query(asked(8))}`);
    expect(res.statusCode, res.body).toBe(200);
    const worth = res.json();
    expect(worth).toMatchObject({
      recognised: true,
      guidance: { source: "sales", count: 6, lowCents: 29_250, medianCents: 30_500, highCents: 31_750, battery: null },
    });
    expect(worth.sales.map((s: { priceCents: number }) => s.priceCents)).toEqual([
      31_000, 30_000, 34_000, 29_000, 28_000, 32_000,
    ]);

    // The page says it in words, draws the chart, and offers to sell with the post form filled in.
    const page = await client(t).get(`/worth?${query(asked(8))}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Similar laptops sold for $293–$318 (median $305, 6 sales in the last 12 months)");
    expect(page.body).toContain("6 sales of similar laptops over the last 12 months");
    expect(page.body).toContain(`/dashboard/post/add?${query(asked(8)).replaceAll("&", "&amp;")}`);
  });

  it("shows asking prices, labelled as such, with too few sales; says so with too few of either", async () => {
    for (const dollars of [500, 450, 550, 480]) await laptop(12, dollars);
    await t.services.catalogue.refreshPriceGuidesNow();
    expect((await client(t).get(`/api/worth?${query(asked(12))}`)).json()).toEqual({
      recognised: true,
      guidance: null,
      sales: [],
    });
    expect((await client(t).get(`/worth?${query(asked(12))}`)).body).toContain(WORTH_MESSAGES.tooFew);

    await laptop(12, 520);
    await t.services.catalogue.refreshPriceGuidesNow();
    const worth = (await client(t).get(`/api/worth?${query(asked(12))}`)).json();
    expect(worth).toMatchObject({ guidance: { source: "listings", count: 5, medianCents: 50_000 }, sales: [] });
    const page = (await client(t).get(`/worth?${query(asked(12))}`)).body;
    expect(page).toContain(WORTH_MESSAGES.askingOnly);
    expect(page).toContain("Similar laptops are listed for $480–$520 (median $500, 5 for sale now)");
  });

  it("refuses bad input naming the field, and says when the processor is not one it knows", async () => {
    const bad = await client(t).get(`/api/worth?${query({ ...asked(8), ramGb: "lots" })}`);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(["ramGb"]);
    const { processor: _p, ...noProcessor } = asked(8);
    expect((await client(t).get(`/api/worth?${query(noProcessor)}`)).json().fields).toHaveProperty("processor");
    expect((await client(t).get(`/api/worth?${query({ ...asked(8), processor: "Quantum 9000" })}`)).json()).toEqual({
      recognised: false,
      guidance: null,
      sales: [],
    });

    // The page keeps what was typed and names the fields to fix (no script needed).
    const page = await client(t).get(`/worth?${query({ ...asked(8), processor: "Quantum 9000", yearsOfUse: "old" })}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Year of use is required");
    expect(page.body).toContain('value="Quantum 9000"');
    const unknown = await client(t).get(`/worth?${query({ ...asked(8), processor: "Quantum 9000" })}`);
    expect(unknown.body).toContain(WORTH_MESSAGES.unrecognised.replaceAll("'", "&#x27;"));
  });
});
