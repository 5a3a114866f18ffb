import { describe, expect, it } from "vitest";
import { batteryBand, generationBand } from "../../core/catalogue/price-guidance.ts";
import { badgeBasis, guidanceMessage, priceGuidanceQuerySchema } from "../../schemas/price-guidance.ts";

describe("generation bands", () => {
  it("pairs the years from 2015: 2015–16, 2017–18, … 2025–26, named by their first year", () => {
    const bands = Object.fromEntries(
      [2015, 2016, 2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025, 2026].map((y) => [y, generationBand(y)]),
    );
    expect(bands).toEqual({
      2015: 2015,
      2016: 2015,
      2017: 2017,
      2018: 2017,
      2019: 2019,
      2020: 2019,
      2021: 2021,
      2022: 2021,
      2023: 2023,
      2024: 2023,
      2025: 2025,
      2026: 2025,
    });
  });
  it("puts an 8th-generation Core i5 (2017 or 2018) in one band, and 2016 or 2019 outside it", () => {
    expect(generationBand(2017)).toBe(generationBand(2018));
    expect(generationBand(2016)).not.toBe(generationBand(2017));
    expect(generationBand(2019)).not.toBe(generationBand(2018));
  });
  it("puts a battery in its band, best first", () => {
    expect([100, 90, 89, 80, 79, 70, 69, 0].map((h) => batteryBand(h).from)).toEqual([90, 90, 80, 80, 70, 70, 0, 0]);
  });
  it("keeps pairing before 2015", () => {
    expect([generationBand(2013), generationBand(2014)]).toEqual([2013, 2013]);
  });
});

describe("what the form and the laptop's page say", () => {
  const g = { lowCents: 29_125, highCents: 33_625, medianCents: 30_500, count: 10, battery: null };
  it("names sales, or says the laptops are listed", () => {
    expect(guidanceMessage({ ...g, source: "sales" })).toBe(
      "Similar laptops sold for $291–$336 (median $305, from 10 sales)",
    );
    expect(guidanceMessage({ ...g, source: "listings" })).toBe(
      "Similar laptops are listed for $291–$336 (median $305, from 10 listings)",
    );
    // Interpolated quartiles are shown to the nearest dollar, not to a cent they cannot know.
    expect(
      guidanceMessage({
        lowCents: 29_149,
        highCents: 33_651,
        medianCents: 30_550,
        count: 5,
        source: "sales",
        battery: null,
      }),
    ).toBe("Similar laptops sold for $291–$337 (median $306, from 5 sales)");
    // Narrowed to the laptops with a battery like this one's, it says which.
    expect(guidanceMessage({ ...g, source: "sales", battery: { from: 80, to: 89 } })).toBe(
      "Similar laptops with a battery at 80–89 % sold for $291–$336 (median $305, from 10 sales)",
    );
    expect(badgeBasis(37, "sales")).toBe("Based on 37 similar laptops sold in the last 12 months");
  });
  it("reads the form's text fields as numbers and names a bad one", () => {
    const ok = priceGuidanceQuerySchema.parse({
      processor: " i5-8250U ",
      ramGb: "8",
      storageGb: "256",
      condition: "good",
      yearsOfUse: "3",
    });
    expect(ok).toEqual({ processor: "i5-8250U", ramGb: 8, storageGb: 256, condition: "good", yearsOfUse: 3 });
    const bad = priceGuidanceQuerySchema.safeParse({ ramGb: "8", storageGb: "2", condition: "good", yearsOfUse: "3" });
    expect(bad.error?.issues.map((i) => i.path.join("."))).toEqual(["storageGb"]);
  });
});
