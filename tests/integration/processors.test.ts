import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backfillProcessors } from "../../core/catalogue/index.ts";
import { adverts } from "../../db/schema/index.ts";
import { createAdvert, createBrand, createUser } from "../../seed/factories.ts";
import { type Client, client } from "../support/http.ts";
import { multipart, pngBytes } from "../support/multipart.ts";
import { signedInClient } from "../support/people.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
let brandId: string;
let seller: Client;

const fields = (processor: string) => ({
  name: `Laptop with ${processor}`,
  brandId,
  originalPrice: "900",
  resalePrice: "400",
  yearsOfUse: "3",
  location: "Dhaka",
  mobile: "01712345678",
  description: "Works well.",
  condition: "good",
  processor,
});

async function post(processor: string) {
  const body = multipart(fields(processor), { photos: { name: "p.png", data: await pngBytes() } });
  const res = await seller.raw("POST", "/api/adverts", body.payload, body.headers);
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

async function stored(id: string) {
  const [row] = await t.db
    .select({
      processor: adverts.processor,
      processorKey: adverts.processorKey,
      performanceTier: adverts.performanceTier,
      processorYear: adverts.processorYear,
    })
    .from(adverts)
    .where(eq(adverts.id, id));
  return row;
}

const card = async (id: string) =>
  (await seller.get("/api/adverts?sort=newest")).json().items.find((a: { id: string }) => a.id === id);

beforeAll(async () => {
  t = await startTestApp();
  brandId = (await createBrand(t, "Dell")).id;
  await createUser(t, { name: "Sam", email: "sam@x.test", role: "seller" });
  seller = await signedInClient(t, "sam@x.test");
});
afterAll(() => t?.close());

describe("the processor of an advert", () => {
  it("is recognised when posted: key, tier and year stored with the text, the tier on the card and page", async () => {
    const id = await post("i7-8650U");
    expect(await stored(id)).toEqual({
      processor: "i7-8650U",
      processorKey: "intel-core-i7-8650u",
      performanceTier: 1,
      processorYear: 2017,
    });
    expect(await card(id)).toMatchObject({ performanceTier: "Everyday" });
    expect((await seller.get(`/api/adverts/${id}`)).json()).toMatchObject({
      processor: "i7-8650U",
      performanceTier: "Everyday",
    });
  });

  it("posts when not recognised, kept as typed, without a tier", async () => {
    const id = await post("Quantum Hyperthread 9000");
    expect(await stored(id)).toEqual({
      processor: "Quantum Hyperthread 9000",
      processorKey: null,
      performanceTier: null,
      processorYear: null,
    });
    expect(await card(id)).toMatchObject({ performanceTier: null });
  });

  it("is recognised again when the seller edits it", async () => {
    const id = await post("i5 8th gen");
    const body = multipart({ ...fields("Apple M3 Pro 12-core"), name: "MacBook Pro 14" });
    const res = await seller.raw("PUT", `/api/adverts/${id}`, body.payload, body.headers);
    expect(res.statusCode).toBe(204);
    expect(await stored(id)).toMatchObject({ processorKey: "apple-m3-pro-12-core", performanceTier: 3 });
    const cleared = multipart({ ...fields(""), name: "MacBook Pro 14" });
    await seller.raw("PUT", `/api/adverts/${id}`, cleared.payload, cleared.headers);
    expect(await stored(id)).toEqual({
      processor: null,
      processorKey: null,
      performanceTier: null,
      processorYear: null,
    });
  });

  it("is recognised at start-up on adverts stored before the list knew it, leaving the rest alone", async () => {
    const [owner] = await t.db.select({ id: adverts.sellerId }).from(adverts).limit(1);
    const old = await createAdvert(t, {
      sellerId: owner?.id as string,
      brandId,
      name: "Old ThinkPad",
      resalePriceCents: 20_000,
      processor: "Ryzen 5 5500U",
    });
    await t.db.update(adverts).set({ processorKey: null, performanceTier: null, processorYear: null });
    expect(await backfillProcessors(t.db)).toBeGreaterThanOrEqual(2); // Ryzen 5 5500U, i7-8650U
    expect(await stored(old.id)).toMatchObject({ processorKey: "amd-ryzen-5-5500u", performanceTier: 2 });
    expect(await backfillProcessors(t.db)).toBe(0);
  });

  it("gives adverts recognised before scores were kept their processor's score, and so their value", async () => {
    const [owner] = await t.db.select({ id: adverts.sellerId }).from(adverts).limit(1);
    const old = await createAdvert(t, {
      sellerId: owner?.id as string,
      brandId,
      name: "Older ThinkPad",
      resalePriceCents: 32_000,
      processor: "i7-8650U",
    });
    await t.db.update(adverts).set({ processorScore: null }).where(eq(adverts.id, old.id));
    const value = async () =>
      (await t.db.select({ v: adverts.valuePerDollar }).from(adverts).where(eq(adverts.id, old.id)))[0]?.v;
    expect(await value()).toBe(0);
    await backfillProcessors(t.db);
    // 6,400 points, RAM and storage not given (×0.8, ×0.9), $320: 6,400 × 0.72 × 100 / 320.
    expect(await value()).toBe(Math.round((6_400 * 0.8 * 0.9 * 10_000) / 32_000));
  });
});

describe("GET /api/processors", () => {
  it("reads the text and suggests processors, for anyone", async () => {
    const res = await client(t).get("/api/processors?q=i7-86");
    expect(res.statusCode).toBe(200);
    expect(res.json().suggestions).toContainEqual({
      key: "intel-core-i7-8650u",
      name: "Intel Core i7-8650U",
      performanceTier: "Everyday",
    });
    expect((await client(t).get("/api/processors?q=M1%20Pro")).json().recognised).toEqual({
      key: "apple-m1-pro-10-core",
      name: "Apple M1 Pro 10-core",
      performanceTier: "Performance",
      exact: false,
    });
    expect((await client(t).get("/api/processors?q=potato")).json()).toEqual({ recognised: null, suggestions: [] });
  });
  it("refuses an overlong text naming the field", async () => {
    const res = await client(t).get(`/api/processors?q=${"x".repeat(101)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty("q");
  });
});
