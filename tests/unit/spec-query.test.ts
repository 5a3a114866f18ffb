import { describe, expect, it } from "vitest";
import { readSearch } from "../../core/catalogue/search-chips.ts";
import { parseSpecQuery } from "../../core/catalogue/spec-query.ts";
import type { SearchParams } from "../../schemas/search.ts";
import { EXAMPLE_SEARCH, EXAMPLE_SEARCH_CHIPS } from "../support/spec-search-example.ts";

const BRANDS = ["Lenovo", "Dell", "HP", "Apple", "Asus", "Acer", "Microsoft", "Samsung"].map((name) => ({
  id: `id-${name.toLowerCase()}`,
  name,
}));

/** The filters a query sets, merged, and the words left for the text search. */
function read(query: string) {
  const parsed = parseSpecQuery(query, BRANDS);
  return { ...Object.assign({}, ...parsed.filters.map((f) => f.set)), text: parsed.text };
}

describe("reading a specification out of a search", () => {
  it("reads the example from the issue", () => {
    expect(read(EXAMPLE_SEARCH)).toEqual({
      brand: "id-lenovo",
      cpu: "i7",
      minRam: 16,
      minStorage: 512,
      storageType: "SSD",
      maxPrice: 60_000,
      text: "thinkpad",
    });
  });

  // [query, the value it must read] for one filter, by filter: no words are left over for the text search.
  const oneFilter: Record<string, [string, unknown][]> = {
    // memory: every way people write it
    minRam: [
      ["16gb", 16],
      ["16 gb", 16],
      ["16GB RAM", 16],
      ["16 GB ram", 16],
      ["ram 16gb", 16],
      ["ram 32 gb", 32],
      ["8g ram", 8],
      ["32GB memory", 32],
      ["laptop with 8gb", 8],
    ],
    // storage
    minStorage: [
      ["1tb", 1000],
      ["1 TB", 1000],
      ["512", 512],
      ["256gb", 256],
      ["1tb storage", 1000],
    ],
    storageType: [["ssd", "SSD"]],
    // prices
    maxPrice: [
      ["under 600", 60_000],
      ["under $600", 60_000],
      ["below 600", 60_000],
      ["max 450", 45_000],
      ["<600", 60_000],
      ["< 600", 60_000],
      ["less than 800", 80_000],
      ["up to 1000", 100_000],
      ["$600", 60_000],
      ["600$", 60_000],
      ["600 dollars", 60_000],
      ["under 1.2k", 120_000],
      ["$1.5k", 150_000],
      ["under 600k", 60_000_000],
      ["under $1,200", 120_000],
    ],
    minPrice: [
      ["over 300", 30_000],
      ["above $300", 30_000],
      ["from 300", 30_000],
      [">300", 30_000],
      ["at least 250", 25_000],
    ],
    // processors
    cpu: [
      ["i5", "i5"],
      ["core i7", "i7"],
      ["intel core i9", "i9"],
      ["i7-8650u", "i7"],
      ["core ultra 7", "ultra 7"],
      ["ultra 5", "ultra 5"],
      ["ryzen 5", "ryzen 5"],
      ["r7", "ryzen 7"],
      ["m1", "m1"],
      ["m1 pro", "m1 pro"],
      ["M3 Max", "m3 max"],
      ["m2pro", "m2 pro"],
      ["snapdragon x elite", "snapdragon x"],
      ["snapdragon x", "snapdragon x"],
    ],
    // brands by name and by model line
    brand: [["lenovo", "id-lenovo"]],
    // condition, tier, screen, battery, years, verified
    condition: [
      ["excellent condition", "excellent"],
      ["fair", "Fair"],
    ],
    tier: [["workstation", 4]],
    minBattery: [
      ["80% battery", 80],
      ["battery 90%", 90],
    ],
    maxYears: [
      ["2 years old", 2],
      ["under 3 years", 3],
    ],
    verified: [["verified sellers", true]],
  };
  // [query, what it must set (a subset), the text left over]: those above, and these.
  it.each<[string, Record<string, unknown>, string | undefined]>([
    ...Object.entries(oneFilter).flatMap(([key, reads]) =>
      reads.map(([query, value]): [string, Record<string, unknown>, undefined] => [query, { [key]: value }, undefined]),
    ),
    // storage
    ["2tb ssd", { minStorage: 2000, storageType: "SSD" }, undefined],
    ["256 gb ssd", { minStorage: 256, storageType: "SSD" }, undefined],
    ["128gb emmc", { minStorage: 128, storageType: "eMMC" }, undefined],
    ["500gb hdd", { minStorage: 500, storageType: "HDD" }, undefined],
    ["512 nvme", { minStorage: 512, storageType: "SSD" }, undefined],
    ["16gb 1tb", { minRam: 16, minStorage: 1000 }, undefined],
    ["32gb ram 1tb ssd", { minRam: 32, minStorage: 1000, storageType: "SSD" }, undefined],
    // prices
    ["between 300 and 600", { minPrice: 30_000, maxPrice: 60_000 }, undefined],
    ["between $600 and $300", { minPrice: 30_000, maxPrice: 60_000 }, undefined],
    ["300-600", { minPrice: 30_000, maxPrice: 60_000 }, undefined],
    ["$300-$600", { minPrice: 30_000, maxPrice: 60_000 }, undefined],
    // processors
    ["amd ryzen 7 5800h", { cpu: "ryzen 7" }, "5800h"],
    // brands by name and by model line
    ["Dell XPS 13", { brand: "id-dell" }, "XPS 13"],
    ["macbook air m2", { brand: "id-apple", cpu: "m2" }, "macbook air"],
    ["apple m1 16gb", { brand: "id-apple", cpu: "m1", minRam: 16 }, undefined],
    ["hp elitebook 840", { brand: "id-hp" }, "elitebook 840"],
    ["zenbook 14", { brand: "id-asus" }, "zenbook 14"],
    ["surface laptop 4", { brand: "id-microsoft" }, "surface 4"],
    ["gram 17", {}, "gram 17"], // LG is not a brand here
    // condition, tier, screen, battery, years, verified
    ['15.6"', { minScreen: 15.6, maxScreen: 15.6 }, undefined],
    ["14 inch", { minScreen: 14, maxScreen: 14 }, undefined],
    ["16in", { minScreen: 16, maxScreen: 16 }, undefined],
    // whole queries as people type them
    ["Dell XPS 13 16GB RAM under $900", { brand: "id-dell", minRam: 16, maxPrice: 90_000 }, "XPS 13"],
    ["gaming laptop rtx 3060 16gb", { minRam: 16 }, "gaming rtx 3060"],
    ["lenovo legion 5 ryzen 7 under 1.2k", { brand: "id-lenovo", cpu: "ryzen 7", maxPrice: 120_000 }, "legion 5"],
    ["cheap i5 8gb 256gb ssd", { cpu: "i5", minRam: 8, minStorage: 256, storageType: "SSD" }, "cheap"],
    ["macbook pro m1 pro 16gb 512", { cpu: "m1 pro", minRam: 16, minStorage: 512 }, "macbook pro"],
    [
      "thinkpad x1 carbon i7 16gb 1tb between 500 and 900",
      { cpu: "i7", minPrice: 50_000, maxPrice: 90_000 },
      "thinkpad x1 carbon",
    ],
    ["asus rog zephyrus g14", { brand: "id-asus" }, "rog zephyrus g14"],
    ["charger", {}, "charger"],
    ["T480", {}, "T480"],
  ])("%s", (query, expected, text) => {
    const got = read(query);
    expect(got).toMatchObject(expected);
    expect(got.text).toBe(text);
  });
});

describe("chips", () => {
  const base: SearchParams = { sort: "newest" };
  const chips = (params: Partial<SearchParams>, fixed: (keyof SearchParams)[] = []) =>
    readSearch({ ...base, ...params }, BRANDS, fixed);

  it("names each filter read from the words, and removing one rewrites the words without it", () => {
    const { params, chips: list } = chips({ q: EXAMPLE_SEARCH });
    expect(params).toMatchObject({ q: "thinkpad", brand: "id-lenovo", cpu: "i7", minRam: 16, maxPrice: 60_000 });
    expect(list.map((c) => c.label)).toEqual(EXAMPLE_SEARCH_CHIPS);
    expect(list.find((c) => c.label.startsWith("RAM"))?.remove).toEqual({
      cursor: null,
      q: "thinkpad i7 512 ssd under 600",
    });
    // The words chip keeps the words the filters were read from, and the brand its model line named.
    expect(list.at(-1)?.remove).toEqual({ cursor: null, q: "i7 16gb 512 ssd under 600", brand: "id-lenovo" });
  });

  it("removes a filter set in the URL by deleting its parameter; the URL wins over the words", () => {
    const { params, chips: list } = chips({ q: "16gb", minRam: 32, minPrice: 30_000, maxPrice: 50_000 });
    expect(params.minRam).toBe(32);
    expect(list.map((c) => c.label)).toEqual(["RAM 32 GB or more", "Price $300 to $500"]);
    expect(list[1]?.remove).toEqual({ cursor: null, minPrice: null, maxPrice: null });
  });

  it("gives a page's own filter no chip, and another brand named in the words does not change it", () => {
    const read = chips({ brand: "id-dell", q: "lenovo 8gb" }, ["brand"]);
    expect(read.params.brand).toBe("id-dell");
    expect(read.chips.map((c) => c.label)).toEqual(["RAM 8 GB or more"]);
  });
});
