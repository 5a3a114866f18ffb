import { describe, expect, it } from "vitest";
import { FILTER_ERRORS, parseSearch, parseSearchWithErrors } from "../../schemas/search.ts";
import { storageSize } from "../../schemas/values.ts";

const parse = (q: string) => parseSearch(new URLSearchParams(q));

describe("search parameters from a URL", () => {
  it("reads filters and turns dollars into cents", () => {
    expect(parse("q=thinkpad&minPrice=300&maxPrice=1200.50&condition=good&sort=price_asc")).toMatchObject({
      q: "thinkpad",
      minPrice: 30_000,
      maxPrice: 120_050,
      condition: "good",
      sort: "price_asc",
    });
  });

  it("drops what it cannot use instead of failing a shared link", () => {
    expect(parse("q=a%00b&minPrice=cheap&brand=nope&sort=random&condition=mint")).toEqual({ sort: "newest" });
  });

  it("names an upside-down range under its upper end, and searches with the lower one", () => {
    expect(parseSearchWithErrors(new URLSearchParams("minPrice=900&maxPrice=100&minScreen=16&maxScreen=13"))).toEqual({
      params: { minPrice: 90_000, minScreen: 16, sort: "newest" },
      errors: { maxPrice: FILTER_ERRORS.priceRange, maxScreen: FILTER_ERRORS.screenRange },
    });
    // Equal ends are a range of one price.
    expect(parse("minPrice=500&maxPrice=500")).toMatchObject({ minPrice: 50_000, maxPrice: 50_000 });
  });

  it("gets broken UTF-8 already replaced by U+FFFD when the URL is decoded: harmless text", () => {
    expect(parse("location=%ED%A0%80").location).toBe("\uFFFD\uFFFD\uFFFD");
  });
});

describe("storage sizes", () => {
  it("names whole terabytes as a shop does, whether counted in 1000 or 1024 GB", () => {
    expect([256, 512, 1000, 1024, 1536, 2048, 4096].map(storageSize)).toEqual([
      "256 GB",
      "512 GB",
      "1 TB",
      "1 TB",
      "1536 GB",
      "2 TB",
      "4 TB",
    ]);
  });
});
