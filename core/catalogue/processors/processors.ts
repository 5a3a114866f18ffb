import { PERFORMANCE_TIERS, type PerformanceTier } from "../../../schemas/values.ts";
import { PROCESSOR_GROUPS } from "./processor-list.ts";

/** One processor of the list, as the catalogue knows it. */
export interface Processor {
  /** Stable id stored on adverts (`processor_key`): "intel-core-i7-8650u". */
  key: string;
  name: string;
  family: string;
  generation: string;
  year: number;
  cores: number;
  /** PassMark CPU Mark, approximate (see processor-list.ts). */
  score: number;
  /** 1 Everyday … 4 Workstation: stored on adverts as `performance_tier`. */
  tier: 1 | 2 | 3 | 4;
}

/**
 * Where each tier starts, in PassMark CPU Mark points — chosen so that each tier reads as what a buyer can do:
 *  - Everyday (below 8,000): web, mail, documents, video — dual-core chips, 8th-gen quad-core U, Celerons.
 *  - Mainstream (8,000–15,999): many tabs and light editing — 11th/12th-gen U, Ryzen 5000 U, Apple M1/M2.
 *  - Performance (16,000–29,999): photo/video editing, gaming, development — H/P chips, Apple M3/M4, M1 Pro.
 *  - Workstation (30,000 and more): heavy rendering and compiling — HX chips, Apple Pro/Max of M3 and later.
 */
export const TIER_STARTS = { Mainstream: 8_000, Performance: 16_000, Workstation: 30_000 } as const;

export function tierOfScore(score: number): Processor["tier"] {
  if (score >= TIER_STARTS.Workstation) return 4;
  if (score >= TIER_STARTS.Performance) return 3;
  if (score >= TIER_STARTS.Mainstream) return 2;
  return 1;
}

/** The stored tier (1–4) as its name; null stays null (an unrecognised processor has no tier). */
export function tierName(tier: number | null): PerformanceTier | null {
  return tier ? (PERFORMANCE_TIERS[tier - 1] ?? null) : null;
}

/**
 * The processor as a card names it: the recognised model without its maker ("Intel Core i7-8650U" → "Core
 * i7-8650U", "Apple M2 Pro 10-core" → "M2 Pro 10-core"), which the model's name already implies; else as its seller typed it.
 */
export function processorName(key: string | null, typed: string | null): string | null {
  const known = key ? processorByKey(key) : undefined;
  return known ? known.name.replace(/^(Intel|AMD|Apple|Qualcomm) /, "") : typed;
}

/** "Intel Core i7-8650U" → "intel-core-i7-8650u"; "AMD Ryzen AI Max+ 395" → "amd-ryzen-ai-max-plus-395". */
export function processorKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/\+/g, "-plus")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** Every processor, in the list's order (a group's representative first). */
export const PROCESSORS: readonly Processor[] = PROCESSOR_GROUPS.flatMap((g) =>
  g.models.map(([model, cores, score, year]) => {
    const name = `${g.prefix}${model}`;
    return {
      key: processorKey(name),
      name,
      family: g.family,
      generation: g.generation,
      year: year ?? g.year,
      cores,
      score,
      tier: tierOfScore(score),
    };
  }),
);

const byKey = new Map(PROCESSORS.map((p) => [p.key, p]));

export function processorByKey(key: string): Processor | undefined {
  return byKey.get(key);
}

/** The representative of a family and generation: its group's first model ("Core i7 8th gen" → i7-8550U). */
export function representativeOf(family: string, generation: string): Processor | undefined {
  return PROCESSORS.find((p) => p.family === family && p.generation === generation);
}
