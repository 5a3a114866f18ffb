import type { NamedBrand } from "./types.ts";
import { BRAND_ALIASES } from "./vocabulary.ts";

/** "i7", "i7-8650u", "core ultra 7", "ryzen 5", "r5", "m1 pro", "snapdragon x elite" → family and width. */
export function cpuFamily(words: string[], i: number): { family: string; width: number } | undefined {
  const w = words[i] ?? "";
  const next = words[i + 1];
  let m = w.match(/^i([3579])(?:-\w+)?$/);
  if (m) return { family: `i${m[1]}`, width: 1 };
  if (w === "ultra" && /^[579]$/.test(next ?? "")) return { family: `ultra ${next}`, width: 2 };
  m = w.match(/^ultra([579])$/);
  if (m) return { family: `ultra ${m[1]}`, width: 1 };
  if (w === "ryzen" && /^[3579]$/.test(next ?? "")) return { family: `ryzen ${next}`, width: 2 };
  m = w.match(/^(?:ryzen|r)([3579])$/);
  if (m) return { family: `ryzen ${m[1]}`, width: 1 };
  m = w.match(/^m([1-4])(pro|max)?$/);
  if (m) {
    if (m[2]) return { family: `m${m[1]} ${m[2]}`, width: 1 };
    if (next === "pro" || next === "max") return { family: `m${m[1]} ${next}`, width: 2 };
    return { family: `m${m[1]}`, width: 1 };
  }
  if (w === "snapdragon") {
    const x = next === "x" || next === "x-elite" || next === "x-plus";
    const tier = x && (words[i + 2] === "elite" || words[i + 2] === "plus");
    return { family: "snapdragon x", width: 1 + (x ? 1 : 0) + (tier ? 1 : 0) };
  }
  return undefined;
}

export const CPU_LEADERS = new Set(["intel", "core", "amd", "qualcomm"]);

/** A brand named at position i (by its name, one or more words, or a model line's alias). */
export function brandAt(
  words: string[],
  i: number,
  brands: NamedBrand[],
): { brand: NamedBrand; width: number; alias: boolean } | undefined {
  for (const brand of brands) {
    const parts = brand.name.toLowerCase().split(/\s+/);
    if (parts.every((p, k) => words[i + k] === p)) return { brand, width: parts.length, alias: false };
  }
  const target = BRAND_ALIASES[words[i] ?? ""];
  const brand = target && brands.find((b) => b.name.toLowerCase() === target);
  return brand ? { brand, width: 1, alias: true } : undefined;
}
