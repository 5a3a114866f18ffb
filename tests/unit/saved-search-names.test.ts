import { describe, expect, it } from "vitest";
import { describeSearch } from "../../schemas/saved-search-names.ts";
import { createSavedSearchSchema, savedSearchFormSchema } from "../../schemas/saved-searches.ts";

describe("a saved search's suggested name", () => {
  it("reads its filters in a few words, prices in dollars", () => {
    expect(describeSearch({ brand: "b", minRam: 16, maxPrice: 60_000 }, "Lenovo")).toBe("Lenovo · 16 GB+ · under $600");
    expect(describeSearch({ q: "xps", minPrice: 30_000, maxPrice: 70_050, location: "Dhaka" })).toBe(
      "xps · $300–$700.50 · in Dhaka",
    );
    expect(describeSearch({ minPrice: 25_000, condition: "Fair", minStorage: 512 })).toBe(
      "512 GB+ storage · fair · over $250",
    );
    expect(describeSearch({ cpu: "m2 pro", tier: 3, minScreen: 14, maxScreen: 16, verified: true })).toBe(
      "M2 Pro · Performance · 14–16″ · verified sellers",
    );
    expect(describeSearch({ storageType: "SSD", minBattery: 0, maxYears: 1, maxScreen: 13.3 })).toBe(
      "SSD · up to 13.3″ · battery 0%+ · ≤ 1 year old",
    );
    expect(describeSearch({})).toBe("All laptops");
  });

  it("names a brand that no longer exists without failing, and stays within 80 characters", () => {
    expect(describeSearch({ brand: "gone" }, null)).toBe("a brand no longer listed");
    expect(describeSearch({ q: "x".repeat(100) })).toHaveLength(80);
  });
});

describe("the saved-search schema", () => {
  it("reads /allAdd's URL values from a form, empty ones as no filter, and converts dollars to cents", () => {
    const form = { q: " thinkpad ", minPrice: "", maxPrice: "599.99", minRam: "16", verified: "true" };
    expect(savedSearchFormSchema.parse(form)).toEqual({
      q: "thinkpad",
      maxPrice: 59_999,
      minRam: 16,
      verified: true,
      sort: "newest",
    });
    // A form's text that is no number stays text, and is refused naming its field.
    const refused = savedSearchFormSchema.safeParse({ minRam: "lots", maxPrice: "1e3" });
    expect(refused.error?.issues.map((i) => i.path.join("."))).toEqual(["maxPrice", "minRam"]);
  });

  it("takes JSON's numbers as numbers, and nothing else for them", () => {
    expect(createSavedSearchSchema.parse({ maxPrice: 599.99, minRam: 16, minPrice: null, verified: false })).toEqual({
      maxPrice: 59_999,
      minRam: 16,
      sort: "newest",
    });
    for (const minRam of ["16", true, [16], ""]) {
      expect(createSavedSearchSchema.safeParse({ minRam }).error?.issues[0]?.path).toEqual(["minRam"]);
    }
  });
});
