import { describe, expect, it } from "vitest";
import { processorName } from "../../core/catalogue/processors/processors.ts";
import { specLine } from "../../schemas/spec-line.ts";

describe("a card's spec line", () => {
  it("names the processor without its maker, then RAM, storage, screen, condition and battery", () => {
    expect(
      specLine({
        processorName: processorName("intel-core-i7-8650u", "intel i7 8650u"),
        ramGb: 16,
        storageGb: 512,
        storageType: "SSD",
        screenInches: "14",
        batteryHealth: 87,
        condition: "good",
      }).join(" · "),
    ).toBe("Core i7-8650U · 16 GB RAM · 512 GB SSD · 14″ · Good · Battery 87%");
  });

  it("leaves out what the seller did not give, and keeps a processor it does not recognise as typed", () => {
    expect(
      specLine({
        processorName: processorName(null, "Pentium Gold 4425Y"),
        ramGb: null,
        storageGb: 1000,
        storageType: null,
        screenInches: null,
        batteryHealth: null,
        condition: "Fair",
      }),
    ).toEqual(["Pentium Gold 4425Y", "1 TB", "Fair"]);
  });

  it("shortens every maker's names", () => {
    expect(processorName("apple-m2-pro-10-core", null)).toBe("M2 Pro 10-core");
    expect(processorName("amd-ryzen-5-5500u", null)).toBe("Ryzen 5 5500U");
  });

  it("shows a battery report's figures instead of the typed battery health", () => {
    const line = specLine({
      processorName: null,
      ramGb: 8,
      storageGb: null,
      storageType: null,
      screenInches: null,
      batteryHealth: 95,
      batteryVerified: 87,
      batteryCycles: 312,
      condition: "good",
    });
    expect(line.join(" · ")).toBe("8 GB RAM · Good · Battery verified: 87 % · 312 cycles");
  });
});
