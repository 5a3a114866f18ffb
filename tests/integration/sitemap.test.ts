import { afterAll, beforeAll, expect, it } from "vitest";
import { createAdvert, createBrand, createUser } from "../../seed/factories.ts";
import { client } from "../support/http.ts";
import { PUBLIC_URL, startTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
const ids: Record<string, string> = {};
beforeAll(async () => {
  t = await startTestApp();
  const seller = await createUser(t, { name: "S", email: "s@x.test", role: "seller" });
  const brand = await createBrand(t, "Asus");
  ids.brand = brand.id;
  for (const status of ["available", "sold", "withdrawn"] as const) {
    ids[status] = (
      await createAdvert(t, {
        sellerId: seller.id,
        brandId: brand.id,
        name: status,
        resalePriceCents: 100,
        status,
      })
    ).id;
  }
});
afterAll(() => t?.close());

it("lists brands and available laptops only, through a sitemap index", async () => {
  const index = await client(t).get("/sitemap.xml");
  expect(index.headers["content-type"]).toMatch(/application\/xml/);
  expect(index.body).toContain(`<loc>${PUBLIC_URL}/sitemaps/brands.xml</loc>`);
  expect(index.body).toContain(`<loc>${PUBLIC_URL}/sitemaps/laptops-1.xml</loc>`);
  expect((await client(t).get("/sitemaps/brands.xml")).body).toContain(`${PUBLIC_URL}/category/${ids.brand}`);
  const laptops = (await client(t).get("/sitemaps/laptops-1.xml")).body;
  expect(laptops).toContain(`${PUBLIC_URL}/laptops/${ids.available}`);
  expect(laptops).not.toContain(ids.sold);
  expect(laptops).not.toContain(ids.withdrawn);
  expect((await client(t).get("/sitemaps/laptops-2.xml")).statusCode).toBe(404);
  expect((await client(t).get("/robots.txt")).body).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
});
