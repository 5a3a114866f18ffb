import { describe, expect, it } from "vitest";
import { matchProcessor, processorColumns } from "../../core/catalogue/processors/match.ts";
import { PROCESSORS, TIER_STARTS, tierOfScore } from "../../core/catalogue/processors/processors.ts";
import { suggestProcessors } from "../../core/catalogue/processors/suggest.ts";

/** Strings as sellers write them (listings, spec sheets, Windows' "System" page, dxdiag, About This Mac). */
const MODELS: [typed: string, name: string][] = [
  ["i7-8650U", "Intel Core i7-8650U"],
  ["Intel Core i7-8650U", "Intel Core i7-8650U"],
  ["Intel(R) Core(TM) i7-8650U CPU @ 1.90GHz   2.11 GHz", "Intel Core i7-8650U"],
  ["i7 8650u vPro", "Intel Core i7-8650U"],
  ["Core i5 8250U @ 1.6GHz", "Intel Core i5-8250U"],
  ["Intel® Core™ i5-8250U", "Intel Core i5-8250U"],
  ["i5-8250U (8 CPUs), ~1.8GHz", "Intel Core i5-8250U"],
  ["intel core i5 8th gen 8250u", "Intel Core i5-8250U"],
  ["I5 8250", "Intel Core i5-8250U"],
  ["i58250u", "Intel Core i5-8250U"],
  ["8250U", "Intel Core i5-8250U"],
  ["Core i5-8350U vPro", "Intel Core i5-8350U"],
  ["i5-8265U", "Intel Core i5-8265U"],
  ["i5 8365U", "Intel Core i5-8365U"],
  ["Intel Core i7-8550U", "Intel Core i7-8550U"],
  ["i7-8565U 1.8GHz (up to 4.6GHz)", "Intel Core i7-8565U"],
  ["i7-8750H", "Intel Core i7-8750H"],
  ["Core i7 8750", "Intel Core i7-8750H"],
  ["i9-8950HK six core", "Intel Core i9-8950HK"],
  ["i5-8300H", "Intel Core i5-8300H"],
  ["i3-8130U", "Intel Core i3-8130U"],
  ["Intel Core i5-6200U", "Intel Core i5-6200U"],
  ["i7-6500U 2.5GHz", "Intel Core i7-6500U"],
  ["i7-6700HQ", "Intel Core i7-6700HQ"],
  ["i3 6006U", "Intel Core i3-6006U"],
  ["Intel Core m3-6Y30", "Intel Core m3-6Y30"],
  ["Core m3 7Y30", "Intel Core m3-7Y30"],
  ["i5-7200U", "Intel Core i5-7200U"],
  ["I7 7500U", "Intel Core i7-7500U"],
  ["i7-7700HQ 2.8 GHz", "Intel Core i7-7700HQ"],
  ["i5-7300HQ", "Intel Core i5-7300HQ"],
  ["i7-9750H", "Intel Core i7-9750H"],
  ["i7 9750HF", "Intel Core i7-9750HF"],
  ["i5-9300H", "Intel Core i5-9300H"],
  ["i9-9880H 8-core", "Intel Core i9-9880H"],
  ["i5-10210U", "Intel Core i5-10210U"],
  ["10th Gen Intel Core i5-10210U", "Intel Core i5-10210U"],
  ["i7-10510U", "Intel Core i7-10510U"],
  ["i5-1035G1", "Intel Core i5-1035G1"],
  ["Intel Core i7-1065G7", "Intel Core i7-1065G7"],
  ["i7-10750H", "Intel Core i7-10750H"],
  ["i5 10300H", "Intel Core i5-10300H"],
  ["i9-10980HK", "Intel Core i9-10980HK"],
  ["11th Gen Intel(R) Core(TM) i7-1165G7 @ 2.80GHz", "Intel Core i7-1165G7"],
  ["i5-1135G7", "Intel Core i5-1135G7"],
  ["i3-1115G4", "Intel Core i3-1115G4"],
  ["i7 11800H", "Intel Core i7-11800H"],
  ["i5-11400H", "Intel Core i5-11400H"],
  ["12th Gen Intel(R) Core(TM) i7-1255U   1.70 GHz", "Intel Core i7-1255U"],
  ["i5-1235U", "Intel Core i5-1235U"],
  ["i7-1260P", "Intel Core i7-1260P"],
  ["i7-12700H", "Intel Core i7-12700H"],
  ["i9-12900HX", "Intel Core i9-12900HX"],
  ["i5-12450H", "Intel Core i5-12450H"],
  ["13th Gen Intel Core i5-1335U", "Intel Core i5-1335U"],
  ["i7-13700H", "Intel Core i7-13700H"],
  ["i9 13980HX", "Intel Core i9-13980HX"],
  ["i7-13620H", "Intel Core i7-13620H"],
  ["i9-14900HX", "Intel Core i9-14900HX"],
  ["Intel Core i7-14650HX", "Intel Core i7-14650HX"],
  ["Intel Core Ultra 7 155H", "Intel Core Ultra 7 155H"],
  ["Core Ultra 5 125U", "Intel Core Ultra 5 125U"],
  ["ultra 9 185h", "Intel Core Ultra 9 185H"],
  ["Intel Core Ultra 7 258V", "Intel Core Ultra 7 258V"],
  ["Core Ultra 9 275HX", "Intel Core Ultra 9 275HX"],
  ["Intel Core 5 120U", "Intel Core 5 120U"],
  ["Intel Celeron N4020", "Intel Celeron N4020"],
  ["Celeron N4020 1.1GHz", "Intel Celeron N4020"],
  ["Intel(R) Celeron(R) N4000 CPU @ 1.10GHz", "Intel Celeron N4000"],
  ["Celeron 6305", "Intel Celeron 6305"],
  ["Pentium Silver N5000", "Intel Pentium Silver N5000"],
  ["Intel Pentium Gold 7505", "Intel Pentium Gold 7505"],
  ["Intel N100", "Intel Processor N100"],
  ["Core i3-N305", "Intel Core i3-N305"],
  ["ryzen 5 5500u", "AMD Ryzen 5 5500U"],
  ["AMD Ryzen 5 5500U with Radeon Graphics 2.10 GHz", "AMD Ryzen 5 5500U"],
  ["Ryzen 5500U", "AMD Ryzen 5 5500U"],
  ["Ryzen5 5600H", "AMD Ryzen 5 5600H"],
  ["AMD Ryzen 7 5800H", "AMD Ryzen 7 5800H"],
  ["ryzen 7 5700u", "AMD Ryzen 7 5700U"],
  ["Ryzen 7 PRO 5850U", "AMD Ryzen 7 PRO 5850U"],
  ["AMD Ryzen 7 5850U", "AMD Ryzen 7 PRO 5850U"],
  ["Ryzen 5 PRO 4650U", "AMD Ryzen 5 PRO 4650U"],
  ["Ryzen 7 PRO 7840U", "AMD Ryzen 7 7840U"],
  ["AMD Ryzen 3 3200U", "AMD Ryzen 3 3200U"],
  ["Ryzen 5 3500U", "AMD Ryzen 5 3500U"],
  ["AMD Ryzen 5 2500U with Radeon Vega Mobile Gfx", "AMD Ryzen 5 2500U"],
  ["Ryzen 7 4800H", "AMD Ryzen 7 4800H"],
  ["ryzen 9 4900hs", "AMD Ryzen 9 4900HS"],
  ["Ryzen 9 5900HX", "AMD Ryzen 9 5900HX"],
  ["Ryzen 7 6800H", "AMD Ryzen 7 6800H"],
  ["Ryzen 5 7530U", "AMD Ryzen 5 7530U"],
  ["AMD Ryzen 5 7520U", "AMD Ryzen 5 7520U"],
  ["Ryzen 7 7840HS", "AMD Ryzen 7 7840HS"],
  ["Ryzen 9 7945HX", "AMD Ryzen 9 7945HX"],
  ["Ryzen 7 8845HS", "AMD Ryzen 7 8845HS"],
  ["Ryzen 9 9955HX3D", "AMD Ryzen 9 9955HX3D"],
  ["Ryzen 7 260", "AMD Ryzen 7 260"],
  ["AMD Ryzen AI 9 HX 370", "AMD Ryzen AI 9 HX 370"],
  ["Ryzen AI 9 HX370", "AMD Ryzen AI 9 HX 370"],
  ["Ryzen AI 7 350", "AMD Ryzen AI 7 350"],
  ["AMD Ryzen AI Max+ 395", "AMD Ryzen AI Max+ 395"],
  ["Ryzen AI Max 395", "AMD Ryzen AI Max+ 395"],
  ["Ryzen AI Max 390", "AMD Ryzen AI Max 390"],
  ["Ryzen 5 5800U", "AMD Ryzen 7 5800U"],
  ["AMD A9-9425", "AMD A9-9425"],
  ["Athlon Silver 3050U", "AMD Athlon Silver 3050U"],
  ["Apple M1", "Apple M1"],
  ["M1", "Apple M1"],
  ["MacBook Air M1 chip", "Apple M1"],
  ["Apple M2", "Apple M2"],
  ["M2 8-core CPU", "Apple M2"],
  ["M1 Pro 10-core", "Apple M1 Pro 10-core"],
  ["Apple M1 Pro (8-core CPU, 14-core GPU)", "Apple M1 Pro 8-core"],
  ["M1 Pro 16-core GPU 10-core CPU", "Apple M1 Pro 10-core"],
  ["M1 Max", "Apple M1 Max 10-core"],
  ["Apple M2 Pro 12-core", "Apple M2 Pro 12-core"],
  ["M2 Pro 12C CPU / 19C GPU", "Apple M2 Pro 12-core"],
  ["M3", "Apple M3"],
  ["Apple M3 Pro 11‑core", "Apple M3 Pro 11-core"],
  ["M3 Max 16 core", "Apple M3 Max 16-core"],
  ["Apple M4", "Apple M4"],
  ["M4 Pro 14-core CPU", "Apple M4 Pro 14-core"],
  ["M4 Max 16c", "Apple M4 Max 16-core"],
  ["Snapdragon X Elite X1E-78-100", "Qualcomm Snapdragon X Elite X1E-78-100"],
  ["X1E80100", "Qualcomm Snapdragon X Elite X1E-80-100"],
  ["Qualcomm Snapdragon X Plus X1P-64-100", "Qualcomm Snapdragon X Plus X1P-64-100"],
];

/** A family and generation, or an unlisted model: the group's representative, marked as a guess. */
const GUESSES: [typed: string, name: string][] = [
  ["Intel Core i7 8th gen", "Intel Core i7-8550U"],
  ["i7 8th gen", "Intel Core i7-8550U"],
  ["Core i5 (8th Gen)", "Intel Core i5-8250U"],
  ["8th generation intel core i5", "Intel Core i5-8250U"],
  ["i5 gen 10", "Intel Core i5-10210U"],
  ["Intel Core i5 11th Gen", "Intel Core i5-1135G7"],
  ["core i7 12th generation", "Intel Core i7-1255U"],
  ["i3 6th gen", "Intel Core i3-6100U"],
  ["i5-8260U", "Intel Core i5-8250U"],
  ["Ryzen 5 5000 series", "AMD Ryzen 5 5500U"],
  ["Ryzen 7 4800", "AMD Ryzen 7 4800U"],
  ["AMD Ryzen 7 7000 series", "AMD Ryzen 7 7730U"],
  ["Core Ultra 7 Series 1", "Intel Core Ultra 7 155H"],
  ["M1 Pro", "Apple M1 Pro 10-core"],
  ["Apple M3 Max", "Apple M3 Max 14-core"],
  ["Snapdragon X Elite", "Qualcomm Snapdragon X Elite X1E-78-100"],
  ["Snapdragon X Plus", "Qualcomm Snapdragon X Plus X1P-42-100"],
];

const UNRECOGNISED = [
  "",
  "   ",
  "Intel",
  "Intel Core i7",
  "i5",
  "AMD Ryzen",
  "fast processor",
  "Quad core 2.4GHz",
  "MediaTek Kompanio 520",
  "Intel Core 2 Duo T7500",
  "Intel Core m3",
  "Exynos 5420",
  "don't know",
];

describe("matching what sellers type", () => {
  it.each(MODELS)("%s → %s", (typed, name) => {
    expect(matchProcessor(typed)).toEqual({ processor: expect.objectContaining({ name }), exact: true });
  });
  it.each(GUESSES)("%s → a best guess: %s", (typed, name) => {
    expect(matchProcessor(typed)).toEqual({ processor: expect.objectContaining({ name }), exact: false });
  });
  it.each(UNRECOGNISED)("%j is not recognised", (typed) => {
    expect(matchProcessor(typed)).toBeNull();
  });
  it("reads at least 100 real-world strings", () => {
    expect(MODELS.length + GUESSES.length + UNRECOGNISED.length).toBeGreaterThanOrEqual(100);
  });
  it("recognises every processor of the list by its own name", () => {
    for (const p of PROCESSORS) expect(matchProcessor(p.name)?.processor.key, p.name).toBe(p.key);
  });
});

describe("the processor list", () => {
  it("has at least 300 processors from 2015 to 2026, each with a unique key", () => {
    expect(PROCESSORS.length).toBeGreaterThanOrEqual(300);
    expect(new Set(PROCESSORS.map((p) => p.key)).size).toBe(PROCESSORS.length);
    for (const p of PROCESSORS) {
      expect(p.year).toBeGreaterThanOrEqual(2015);
      expect(p.year).toBeLessThanOrEqual(2026);
      expect(p.cores).toBeGreaterThan(0);
    }
  });
});

describe("performance tiers", () => {
  it.each([
    [TIER_STARTS.Mainstream - 1, 1],
    [TIER_STARTS.Mainstream, 2],
    [TIER_STARTS.Performance, 3],
    [TIER_STARTS.Workstation - 1, 3],
    [TIER_STARTS.Workstation, 4],
  ])("a score of %i is tier %i", (score, tier) => {
    expect(tierOfScore(score)).toBe(tier);
  });
  it("stores key, tier, year and score for a recognised processor, nulls otherwise", () => {
    expect(processorColumns("i7-8650U")).toEqual({
      processorKey: "intel-core-i7-8650u",
      performanceTier: 1,
      processorYear: 2017,
      processorScore: 6400,
    });
    expect(processorColumns("Apple M3 Pro 12-core")).toEqual({
      processorKey: "apple-m3-pro-12-core",
      performanceTier: 3,
      processorYear: 2023,
      processorScore: 27500,
    });
    expect(processorColumns("a potato")).toEqual({
      processorKey: null,
      performanceTier: null,
      processorYear: null,
      processorScore: null,
    });
  });
});

describe("suggestions as the seller types", () => {
  const names = (typed: string) => suggestProcessors(typed).map((p) => p.name);
  it("suggests models whose names start with what was typed", () => {
    expect(names("i7-86")).toEqual(expect.arrayContaining(["Intel Core i7-8650U"]));
    expect(names("ryzen 5 55")).toContain("AMD Ryzen 5 5500U");
    expect(names("m1 pro")).toEqual(["Apple M1 Pro 10-core", "Apple M1 Pro 8-core"]);
  });
  it("suggests a family's own chips before names that only hold the letters (i7 is not Ryzen AI 7)", () => {
    expect(names("i7").every((name) => name.startsWith("Intel Core i7"))).toBe(true);
    expect(names("i7")).toHaveLength(8);
  });
  it("puts the processor the text names first, and suggests at most 8", () => {
    expect(names("i5-8250U")[0]).toBe("Intel Core i5-8250U");
    expect(names("intel").length).toBeLessThanOrEqual(8);
  });
  it("ranks a generation's common model before its rarer ones, newer generations first", () => {
    // The i5-8250U is in most laptops of its years; the i5-8259U and i5-8257U in a few MacBooks.
    expect(names("i5 825")).toEqual(["Intel Core i5-8250U", "Intel Core i5-8259U", "Intel Core i5-8257U"]);
    expect(names("i7")[0]).toMatch(/^Intel Core i7-14/);
  });
  it("suggests nothing for one letter or for nonsense", () => {
    expect(names("i")).toEqual([]);
    expect(names("qqq")).toEqual([]);
  });
});
