import type { SearchParams } from "../../schemas/search.ts";
import { CONDITIONS, PERFORMANCE_TIERS, type STORAGE_TYPES } from "../../schemas/values.ts";

/**
 * Reads a specification out of the words a buyer types — `thinkpad i7 16gb 512 ssd under 600` — as the
 * filters they mean (brand, processor family, RAM, storage, price…) and the words left over, which are
 * searched as text. Pure: the brands to recognise are passed in.
 *
 * Processor families are read with patterns of their own ("i7", "core ultra 7", "ryzen 5", "m1 pro",
 * "snapdragon x") and become a `cpu` filter matched against the processor the seller typed (see
 * search.ts), not against the catalogue's processor list: the search then works for adverts whose
 * processor was not recognised too.
 */

/** The fields a query can set. */
export type SpecField = keyof Pick<
  SearchParams,
  | "brand"
  | "cpu"
  | "minRam"
  | "minStorage"
  | "storageType"
  | "minPrice"
  | "maxPrice"
  | "condition"
  | "verified"
  | "tier"
  | "minScreen"
  | "maxScreen"
  | "minBattery"
  | "maxYears"
>;

/** One filter read from the query, and the words (by position) it was read from. */
export interface SpecFilter {
  set: Partial<Pick<SearchParams, SpecField>>;
  tokens: number[];
}

export interface SpecQuery {
  /** The query's words as typed (what a filter's `tokens` point at). */
  tokens: string[];
  filters: SpecFilter[];
  /** Which words are searched as text (a model line's word is, though it also names the brand). */
  textTokens: number[];
  /** The words no filter took, to search as text; undefined when none are left. */
  text: string | undefined;
}

export interface NamedBrand {
  id: string;
  name: string;
}

/**
 * Model lines that name their maker. The word stays in the text search too (a ThinkPad is not any
 * Lenovo), but the brand filter lets the brand's counts and chip show.
 */
export const BRAND_ALIASES: Record<string, string> = {
  thinkpad: "lenovo",
  ideapad: "lenovo",
  legion: "lenovo",
  yoga: "lenovo",
  thinkbook: "lenovo",
  macbook: "apple",
  xps: "dell",
  latitude: "dell",
  inspiron: "dell",
  alienware: "dell",
  vostro: "dell",
  precision: "dell",
  elitebook: "hp",
  probook: "hp",
  spectre: "hp",
  envy: "hp",
  pavilion: "hp",
  omen: "hp",
  zbook: "hp",
  zenbook: "asus",
  vivobook: "asus",
  rog: "asus",
  tuf: "asus",
  swift: "acer",
  aspire: "acer",
  predator: "acer",
  nitro: "acer",
  travelmate: "acer",
  surface: "microsoft",
  galaxy: "samsung",
  gram: "lg",
};

/** Words that say nothing to a search once the filters are read ("laptop with 16gb"). */
const FILLERS = new Set(["laptop", "laptops", "notebook", "with", "and", "for", "a", "an", "the", "of", "in", "or"]);
const MAX_WORDS = ["under", "below", "max", "maximum", "upto", "<", "<=", "less", "cheaper", "within", "budget"];
const MIN_WORDS = ["over", "above", "from", "min", "minimum", ">", ">=", "more", "at-least"];
/** Words after which a comparison's number follows: "less than 600", "up to 600", "at least 300". */
const LINK_WORDS = new Set(["than", "to", "least"]);
const STORAGE_WORDS: Record<string, (typeof STORAGE_TYPES)[number] | null> = {
  ssd: "SSD",
  nvme: "SSD",
  hdd: "HDD",
  emmc: "eMMC",
  hybrid: "Hybrid",
  sshd: "Hybrid",
  storage: null,
  disk: null,
  drive: null,
};
const RAM_WORDS = new Set(["ram", "memory", "ddr4", "ddr5", "lpddr5"]);
const YEAR_WORDS = new Set(["year", "years", "yr", "yrs"]);
const INCH_WORDS = new Set(["inch", "inches", "in", '"', "”", "''"]);
/** Sizes that, typed alone, are storage ("512", "256 ssd"). */
const STORAGE_SIZES = new Set([128, 256, 512, 1000, 1024, 2000, 2048, 4096]);
const MAX_DOLLARS = 10_000_000;

const norm = (token: string) => token.toLowerCase().replace(/^[,;(]+|[,;:)!?.]+$/g, "");

/** "$1.2k", "600", "1,200", "600$" → dollars; undefined if it is not an amount. */
function dollars(word: string | undefined): { amount: number; marked: boolean } | undefined {
  const m = word?.match(/^(\$?)(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(k?)(\$?)$/);
  if (!m) return undefined;
  const amount = Number((m[2] as string).replaceAll(",", "")) * (m[3] ? 1000 : 1);
  if (!(amount > 0 && amount <= MAX_DOLLARS)) return undefined;
  return { amount, marked: Boolean(m[1] || m[3] || m[4]) };
}
const cents = (d: number) => Math.round(d * 100);

/** "16gb", "1tb", "16 gb", "512" → gigabytes with the unit seen; `width` is how many words it took. */
function size(words: string[], i: number): { gb: number; unit: "gb" | "tb" | null; width: number } | undefined {
  const w = words[i] ?? "";
  const joined = w.match(/^(\d+(?:\.\d+)?)(gb|g|tb|t)$/);
  if (joined) {
    const tb = joined[2]?.startsWith("t");
    return { gb: Number(joined[1]) * (tb ? 1000 : 1), unit: tb ? "tb" : "gb", width: 1 };
  }
  if (!/^\d+(?:\.\d+)?$/.test(w)) return undefined;
  const next = words[i + 1];
  if (next === "gb" || next === "g") return { gb: Number(w), unit: "gb", width: 2 };
  if (next === "tb" || next === "t") return { gb: Number(w) * 1000, unit: "tb", width: 2 };
  return { gb: Number(w), unit: null, width: 1 };
}

/** "i7", "i7-8650u", "core ultra 7", "ryzen 5", "r5", "m1 pro", "snapdragon x elite" → family and width. */
function cpuFamily(words: string[], i: number): { family: string; width: number } | undefined {
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

const CPU_LEADERS = new Set(["intel", "core", "amd", "qualcomm"]);

/** A brand named at position i (by its name, one or more words, or a model line's alias). */
function brandAt(
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

export function parseSpecQuery(query: string, brands: NamedBrand[]): SpecQuery {
  // "<600" and "$300-$600" are split so each part is a word of its own.
  const tokens = query.match(/[<>]=?|[^\s<>]+/g) ?? [];
  const words = tokens.map(norm);
  const filters: SpecFilter[] = [];
  const used = new Set<number>();
  /** Words kept for the text search even though a filter read them (model lines). */
  const alsoText = new Set<number>();
  const take = (set: SpecFilter["set"], from: number, width: number) => {
    const span = Array.from({ length: width }, (_, k) => from + k);
    for (const k of span) used.add(k);
    filters.push({ set, tokens: span });
  };

  for (let i = 0; i < words.length; i++) {
    if (used.has(i)) continue;
    const w = words[i] as string;
    const next = words[i + 1];

    // Price: "between 300 and 600", "300-600", "under $600", "over 1.2k", "$600".
    if (w === "between") {
      const lo = dollars(words[i + 1]);
      const hi = dollars(words[i + 3]);
      if (lo && hi && (words[i + 2] === "and" || words[i + 2] === "to" || words[i + 2] === "-")) {
        take(
          { minPrice: cents(Math.min(lo.amount, hi.amount)), maxPrice: cents(Math.max(lo.amount, hi.amount)) },
          i,
          4,
        );
        continue;
      }
    }
    const range = w.match(/^(\$?[\d.,]+k?)[-–](\$?[\d.,]+k?)$/);
    if (range) {
      const lo = dollars(range[1]);
      const hi = dollars(range[2]);
      if (lo && hi && lo.amount < hi.amount) {
        take({ minPrice: cents(lo.amount), maxPrice: cents(hi.amount) }, i, 1);
        continue;
      }
    }
    const isMax = MAX_WORDS.includes(w) || (w === "up" && next === "to");
    const isMin = MIN_WORDS.includes(w) || (w === "at" && next === "least");
    if (isMax || isMin) {
      let at = i + 1;
      while (LINK_WORDS.has(words[at] ?? "")) at++;
      const amount = dollars(words[at]);
      const unit = words[at + 1] ?? "";
      if (amount && YEAR_WORDS.has(unit) && isMax) {
        take({ maxYears: Math.floor(amount.amount) }, i, at - i + 2 + (words[at + 2] === "old" ? 1 : 0));
        continue;
      }
      const plainAmount = amount && !size(words, at)?.unit && !YEAR_WORDS.has(unit) && !INCH_WORDS.has(unit);
      if (plainAmount && !/^(gb|tb|%)$/.test(unit)) {
        const priceWords = unit === "dollars" || unit === "usd" || unit === "$" ? 1 : 0;
        take(
          isMax ? { maxPrice: cents(amount.amount) } : { minPrice: cents(amount.amount) },
          i,
          at - i + 1 + priceWords,
        );
        continue;
      }
    }
    const budget = dollars(w);
    if (budget && (budget.marked || next === "dollars" || next === "usd")) {
      take({ maxPrice: cents(budget.amount) }, i, next === "dollars" || next === "usd" ? 2 : 1);
      continue;
    }

    // Years of use: "2 years old", "1 yr".
    const years = w.match(/^(\d{1,2})$/);
    if (years && YEAR_WORDS.has(next ?? "")) {
      take({ maxYears: Number(years[1]) }, i, words[i + 2] === "old" ? 3 : 2);
      continue;
    }

    // Battery: "80% battery", "battery 80%", "80%+ battery".
    const percent = w.match(/^(\d{1,3})%\+?$/);
    if (percent && Number(percent[1]) <= 100 && (next === "battery" || words[i - 1] === "battery")) {
      const start = words[i - 1] === "battery" && !used.has(i - 1) ? i - 1 : i;
      take({ minBattery: Number(percent[1]) }, start, i - start + 1 + (next === "battery" ? 1 : 0));
      continue;
    }

    // Screen: `15.6"`, "14 inch", "16in".
    const inches = w.match(/^(\d{2}(?:\.\d)?)(?:"|”|''|in|inch|inches)?$/);
    if (inches && (w !== inches[1] || INCH_WORDS.has(next ?? ""))) {
      const v = Number(inches[1]);
      if (v >= 10 && v <= 20) {
        take({ minScreen: v, maxScreen: v }, i, w !== inches[1] ? 1 : 2);
        continue;
      }
    }

    // Memory and storage: "16gb", "16 gb ram", "ram 16gb", "512 ssd", "1tb", "512".
    if (RAM_WORDS.has(w)) {
      const s = size(words, i + 1);
      if (s && s.unit !== "tb" && s.gb >= 1 && s.gb <= 256) {
        take({ minRam: s.gb }, i, 1 + s.width);
        continue;
      }
    }
    const s = size(words, i);
    if (s) {
      const after = words[i + s.width] ?? "";
      const type = STORAGE_WORDS[after];
      if (RAM_WORDS.has(after) && s.unit !== "tb" && s.gb <= 256) {
        take({ minRam: s.gb }, i, s.width + 1);
        continue;
      }
      if (after in STORAGE_WORDS || s.unit === "tb" || (s.unit === "gb" && s.gb >= 128) || STORAGE_SIZES.has(s.gb)) {
        if (s.gb >= 8 && s.gb <= 16_384) {
          // "512 ssd": two filters; "512 storage": one, the word "storage" with it.
          take({ minStorage: Math.round(s.gb) }, i, s.width + (after in STORAGE_WORDS && !type ? 1 : 0));
          if (type) take({ storageType: type }, i + s.width, 1);
          continue;
        }
      }
      if (s.unit === "gb" && s.gb >= 1 && s.gb <= 64) {
        take({ minRam: s.gb }, i, s.width);
        continue;
      }
    }
    const storageType = STORAGE_WORDS[w];
    if (storageType) {
      take({ storageType }, i, 1);
      continue;
    }

    // Processor family, with its maker's words before it: "intel core i7", "amd ryzen 5".
    const cpu = cpuFamily(words, i);
    if (cpu) {
      let start = i;
      while (start > 0 && CPU_LEADERS.has(words[start - 1] ?? "") && !used.has(start - 1)) start--;
      take({ cpu: cpu.family }, start, i - start + cpu.width);
      i += cpu.width - 1;
      continue;
    }

    const brand = brandAt(words, i, brands);
    if (brand) {
      take({ brand: brand.brand.id }, i, brand.width);
      if (brand.alias) alsoText.add(i);
      i += brand.width - 1;
      continue;
    }

    const condition = CONDITIONS.find((c) => c.toLowerCase() === w);
    if (condition) {
      take({ condition }, i, next === "condition" ? 2 : 1);
      continue;
    }
    const tier = PERFORMANCE_TIERS.findIndex((t) => t.toLowerCase() === w);
    if (tier >= 0) {
      take({ tier: tier + 1 }, i, 1);
      continue;
    }
    if (w === "verified") {
      take({ verified: true }, i, next === "seller" || next === "sellers" ? 2 : 1);
    }
  }

  const textTokens = tokens
    .map((_, k) => k)
    .filter((k) => (!used.has(k) || alsoText.has(k)) && !FILLERS.has(words[k] as string) && words[k] !== "");
  const text = textTokens.map((k) => tokens[k]).join(" ");
  return { tokens, filters, textTokens, text: text || undefined };
}
