import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adverts } from "../../db/schema/index.ts";
import { FACET_CAP, type Facets } from "../../schemas/search.ts";
import { createAdvert, createBrand, createUser } from "../../seed/factories.ts";
import { client } from "../support/http.ts";
import { closePageApp, startPageApp } from "../support/page-build.ts";
import { EXAMPLE_SEARCH, EXAMPLE_SEARCH_CHIPS } from "../support/spec-search-example.ts";
import type { TestApp } from "../support/test-app.ts";

/**
 * Search that reads a specification: words become filters (with chips), the newer filters, and the counts
 * beside every filter value — over HTTP, on the API and the pages. Processor tiers are set directly in the
 * rows (the processor list that fills them is another part's work).
 */
let t: TestApp;
let lenovo: string;
let dell: string;

interface Spec {
  brand: "lenovo" | "dell";
  name: string;
  dollars: number;
  processor: string;
  tier: number;
  ram: number;
  storage: number;
  type: string;
  screen: string;
  battery: number;
  years: number;
  condition?: "excellent" | "good" | "Fair";
  verified?: boolean;
  /** Its seller posts it (for this many cents). */
  shippingCents?: number;
  status?: "available" | "sold";
}
const T14: Spec = {
  brand: "lenovo",
  name: "Lenovo ThinkPad T14",
  dollars: 550,
  processor: "Intel Core i7-1165G7",
  tier: 3,
  ram: 16,
  storage: 512,
  type: "SSD",
  screen: "14",
  battery: 88,
  years: 2,
  verified: true,
};
const SPECS: Spec[] = [
  T14,
  {
    brand: "lenovo",
    name: "Lenovo ThinkPad X1 Carbon",
    dollars: 900,
    processor: "i7-8650U",
    tier: 2,
    ram: 16,
    storage: 1024,
    type: "SSD",
    screen: "14",
    battery: 75,
    years: 4,
    condition: "excellent",
  },
  {
    brand: "lenovo",
    name: "Lenovo ThinkPad E14",
    dollars: 420,
    processor: "Intel Core i5-1135G7",
    tier: 2,
    ram: 8,
    storage: 256,
    type: "SSD",
    screen: "14",
    battery: 95,
    years: 1,
    shippingCents: 1500,
  },
  {
    brand: "lenovo",
    name: "Lenovo IdeaPad 3",
    dollars: 250,
    processor: "Intel Core i3-1115G4",
    tier: 1,
    ram: 8,
    storage: 128,
    type: "eMMC",
    screen: "15.6",
    battery: 60,
    years: 3,
    condition: "Fair",
  },
  {
    brand: "dell",
    name: "Dell XPS 15",
    dollars: 1300,
    processor: "Intel Core i9-12900H",
    tier: 4,
    ram: 32,
    storage: 1024,
    type: "SSD",
    screen: "15.6",
    battery: 91,
    years: 1,
    verified: true,
    shippingCents: 0,
  },
  {
    brand: "dell",
    name: "Dell Latitude 5400",
    dollars: 380,
    processor: "Intel Core i7 8th gen",
    tier: 2,
    ram: 16,
    storage: 500,
    type: "HDD",
    screen: "14",
    battery: 70,
    years: 5,
  },
  {
    brand: "dell",
    name: "Dell Inspiron 14",
    dollars: 480,
    processor: "AMD Ryzen 5 5500U",
    tier: 2,
    ram: 16,
    storage: 512,
    type: "SSD",
    screen: "14",
    battery: 85,
    years: 2,
  },
  // The T14's specification, sold.
  {
    ...T14,
    brand: "dell",
    name: "Dell Sold ThinkPad i7",
    dollars: 500,
    battery: 90,
    years: 1,
    verified: undefined,
    status: "sold",
  },
];
const available = SPECS.filter((s) => s.status !== "sold");

beforeAll(async () => {
  t = await startPageApp();
  const seller = await createUser(t, { name: "Sam", email: "sam@x.test", role: "seller" });
  const trusted = await createUser(t, { name: "Vera", email: "vera@x.test", role: "seller", verified: true });
  lenovo = (await createBrand(t, "Lenovo")).id;
  dell = (await createBrand(t, "Dell")).id;
  let image: string | undefined;
  for (const [i, s] of SPECS.entries()) {
    const a = await createAdvert(t, {
      sellerId: s.verified ? trusted.id : seller.id,
      brandId: s.brand === "lenovo" ? lenovo : dell,
      name: s.name,
      resalePriceCents: s.dollars * 100,
      yearsOfUse: s.years,
      condition: s.condition ?? "good",
      status: s.status ?? "available",
      createdAt: new Date(Date.parse("2026-03-01T00:00:00Z") + i * 60_000),
      shippingCents: s.shippingCents,
      imageKey: image,
    });
    image = a.imageKey;
    await t.db.execute(sql`
      update ${adverts} set processor = ${s.processor}, performance_tier = ${s.tier}, ram_gb = ${s.ram},
        storage_gb = ${s.storage}, storage_type = ${s.type}, screen_inches = ${s.screen}, battery_health = ${s.battery}
      where id = ${a.id}`);
  }
});
afterAll(() => closePageApp(t));

const api = async (query: string) => {
  const res = await client(t).get(`/api/adverts?${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as {
    items: { name: string }[];
    filters: { label: string; remove: Record<string, string | null> }[];
  };
};
const names = async (query: string) => (await api(query)).items.map((i) => i.name).sort();
const counts = async (query: string) => {
  const res = await client(t).get(`/api/adverts/counts?${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as Facets;
};
const count = (list: { value: unknown; count: number }[], value: unknown) => list.find((v) => v.value === value)?.count;

describe("a specification typed as words", () => {
  it("becomes filters with chips, the rest searched as text", async () => {
    const page = await api(`q=${encodeURIComponent(EXAMPLE_SEARCH)}`);
    expect(page.items.map((i) => i.name)).toEqual(["Lenovo ThinkPad T14"]);
    expect(page.filters.map((f) => f.label)).toEqual(EXAMPLE_SEARCH_CHIPS);
    // Removing the price keeps the rest: the X1 Carbon ($900) comes back, nothing else.
    const price = page.filters.find((f) => f.label.startsWith("Price"));
    expect(await names(`q=${encodeURIComponent(price?.remove.q ?? "")}`)).toEqual([
      "Lenovo ThinkPad T14",
      "Lenovo ThinkPad X1 Carbon",
    ]);
  });

  it("matches processor families in what sellers typed", async () => {
    expect(await names("q=i7")).toEqual(["Dell Latitude 5400", "Lenovo ThinkPad T14", "Lenovo ThinkPad X1 Carbon"]);
    expect(await names("q=ryzen%205")).toEqual(["Dell Inspiron 14"]);
    expect(await names("cpu=i9")).toEqual(["Dell XPS 15"]);
  });
});

describe("the newer filters", () => {
  it.each([
    ["tier=4", ["Dell XPS 15"]],
    ["minBattery=90", ["Dell XPS 15", "Lenovo ThinkPad E14"]],
    ["minScreen=15&maxScreen=16", ["Dell XPS 15", "Lenovo IdeaPad 3"]],
    ["storageType=HDD", ["Dell Latitude 5400"]],
    ["maxYears=1", ["Dell XPS 15", "Lenovo ThinkPad E14"]],
    ["verified=true", ["Dell XPS 15", "Lenovo ThinkPad T14"]],
    [`verified=true&brand=BRAND&tier=3`, ["Lenovo ThinkPad T14"]],
    ["ships=true", ["Dell XPS 15", "Lenovo ThinkPad E14"]],
    ["ships=true&brand=BRAND", ["Lenovo ThinkPad E14"]],
    ["ships=true&sort=price_asc&maxPrice=1000", ["Lenovo ThinkPad E14"]],
  ])("%s", async (query, expected) => {
    expect(await names(query.replace("BRAND", lenovo))).toEqual(expected);
  });

  it.each([
    ["tier=7", "tier"],
    ["minBattery=lots", "minBattery"],
    ["minScreen=40", "minScreen"],
    ["minScreen=16&maxScreen=13", "maxScreen"],
    ["minPrice=900&maxPrice=100", "maxPrice"],
    ["storageType=floppy", "storageType"],
    ["maxYears=-1", "maxYears"],
    ["verified=maybe", "verified"],
    ["ships=yes", "ships"],
    ["cpu=pentium4;drop", "cpu"],
  ])("refuses %s with a 400 naming %s", async (query, field) => {
    for (const path of ["/api/adverts", "/api/adverts/counts"]) {
      const res = await client(t).get(`${path}?${query}`);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields)).toContain(field);
    }
  });
});

describe("counts beside every filter value", () => {
  it("match the rows, for everything and for a filtered search", async () => {
    const all = await counts("");
    expect(all).toMatchObject({ total: available.length, capped: false });
    expect(count(all.brand, lenovo)).toBe(4);
    expect(count(all.brand, dell)).toBe(3);
    expect(count(all.condition, "good")).toBe(available.filter((s) => !s.condition).length);
    expect(count(all.ram, 16)).toBe(available.filter((s) => s.ram === 16).length);
    expect(count(all.storage, 512)).toBe(2);
    expect(count(all.tier, 2)).toBe(4);
    // Price bands: under 300, 300–600, 600–1000, 1000–1500, 1500+.
    expect(all.price).toEqual([
      { value: 0, count: 1 },
      { value: 1, count: 4 },
      { value: 2, count: 1 },
      { value: 3, count: 1 },
    ]);

    const filtered = await counts(`q=${encodeURIComponent("i7 16gb")}`);
    expect(filtered.total).toBe(3);
    expect(count(filtered.brand, lenovo)).toBe(2);
    expect(count(filtered.brand, dell)).toBe(1);
    expect(count(filtered.storage, 1024)).toBe(1);
  });
});

describe("the pages", () => {
  it("/allAdd shows chips that remove one filter each, counts beside values, and errors under wrong filters", async () => {
    const page = await client(t).get(`/allAdd?q=${encodeURIComponent("thinkpad 16gb under 600")}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('aria-label="Remove RAM 16 GB or more"');
    expect(page.body).toContain('href="/allAdd?q=thinkpad+under+600"');
    expect(page.body).toContain("Lenovo ThinkPad T14");
    expect(page.body).not.toContain("Lenovo ThinkPad X1 Carbon");
    expect(page.body).toContain(">Lenovo (1)</option>");
    expect(page.body).toContain(">$300 to $600 (1)</a>");
    expect(page.body).toContain(">1 laptop</p>");
    // A filter in force leaves its other values uncounted: "Dell (0)" would hide Dell's laptops, not count them.
    expect(page.body).toContain(">Dell</option>");
    expect(page.body).toContain(">8 GB or more</option>");
    expect(page.body).toContain(">32 GB or more (0)</option>");
    expect(page.body).toContain(">$600 to $1,000</a>");
    expect(page.body).toMatch(/>Fair \(\d+\)<\/option>/); // no condition chosen: every one counted

    const wrong = await client(t).get("/allAdd?minBattery=lots&tier=9");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain("Battery health must be a whole number from 0 to 100");
    expect(wrong.body).toContain("Choose a performance tier from the list");
    expect(wrong.body).toContain("Dell XPS 15"); // the rest of the search still shows
  });

  it("/allAdd counts a price range its price filter cuts as the part it keeps, named and linked so", async () => {
    const page = await client(t).get("/allAdd?minPrice=400&maxPrice=950");
    expect(page.body).toContain(">4 laptops</p>");
    // Cut by the filter: the part kept, with the results in it (the $900 X1 Carbon is in "$600 to $950").
    expect(page.body).toContain(">$400 to $600 (3)</a>");
    expect(page.body).toContain(">$600 to $950 (1)</a>");
    expect(page.body).toContain('href="/allAdd?minPrice=600&amp;maxPrice=950"');
    // Outside it: no count, as before (choosing one replaces the filter and finds laptops these results leave out).
    expect(page.body).toContain(">Under $300</a>");
    expect(page.body).toContain(">$1,000 to $1,500</a>");
    expect(page.body).toContain('href="/allAdd?minPrice=1000&amp;maxPrice=1500"');
  });

  it("/allAdd's Ships filter is a ticked box in the URL with its chip, and the cards say what shipping costs", async () => {
    const page = await client(t).get("/allAdd?ships=true");
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('aria-label="Remove Ships only"');
    expect(page.body).toMatch(/<input[^>]*name="ships"[^>]*checked=""/);
    expect(page.body).toContain("Ships for $15");
    expect(page.body).toContain("Ships free");
    expect(page.body).not.toContain("Meet in person only");
    expect(page.body).not.toContain("Lenovo ThinkPad T14");
    const all = await client(t).get("/allAdd");
    expect(all.body).toContain("Meet in person only");
  });

  it("a brand page has the filters, chips and counts for its brand only", async () => {
    const http = client(t);
    await createUser(t, { name: "Bea", email: "bea@x.test" });
    await http.signIn("bea@x.test");
    const page = await http.get(`/category/${dell}?storageType=SSD&minRam=16`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('aria-label="Remove Storage type SSD"');
    expect(page.body).not.toContain('aria-label="Remove Brand');
    expect(page.body).toContain("Dell XPS 15");
    expect(page.body).not.toContain("Dell Latitude 5400");
    expect(page.body).not.toContain("Lenovo ThinkPad");
    const wrong = await http.get(`/category/${dell}?maxScreen=99`);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain("Screen size must be from 10 to 20 inches");
  });
});

describe("past the counts' cap", () => {
  it("/allAdd says how many laptops match as '1,000+'", async () => {
    const seller = await createUser(t, { name: "Many", email: "many@x.test", role: "seller" });
    const brand = (await createBrand(t, "Many")).id;
    await t.db.execute(sql`
      insert into ${adverts} (seller_id, brand_id, name, original_price_cents, resale_price_cents, years_of_use,
        location, mobile, description, condition, image_key)
      select ${seller.id}, ${brand}, 'Many ' || n, 200, 100, 1, 'Dhaka', '01712345678', 'Many', 'good', image_key
      from generate_series(1, ${FACET_CAP + 1}) n, (select image_key from ${adverts} limit 1) i`);
    const page = await client(t).get(`/allAdd?brand=${brand}`);
    expect(page.body).toContain(">1,000+ laptops</p>");
    // The first page's laptops, whichever they are (all were posted in the same instant).
    expect(page.body.match(/>Many \d+</g)?.length).toBeGreaterThan(0);
  });
});
