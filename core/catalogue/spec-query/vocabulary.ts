import type { STORAGE_TYPES } from "../../../schemas/values.ts";

/* The words a specification is read from (spec-query.ts). */

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
export const FILLERS = new Set([
  "laptop",
  "laptops",
  "notebook",
  "with",
  "and",
  "for",
  "a",
  "an",
  "the",
  "of",
  "in",
  "or",
]);
export const MAX_WORDS = ["under", "below", "max", "maximum", "upto", "<", "<=", "less", "cheaper", "within", "budget"];
export const MIN_WORDS = ["over", "above", "from", "min", "minimum", ">", ">=", "more", "at-least"];
/** Words after which a comparison's number follows: "less than 600", "up to 600", "at least 300". */
export const LINK_WORDS = new Set(["than", "to", "least"]);
export const STORAGE_WORDS: Record<string, (typeof STORAGE_TYPES)[number] | null> = {
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
export const RAM_WORDS = new Set(["ram", "memory", "ddr4", "ddr5", "lpddr5"]);
export const YEAR_WORDS = new Set(["year", "years", "yr", "yrs"]);
export const INCH_WORDS = new Set(["inch", "inches", "in", '"', "”", "''"]);
/** Sizes that, typed alone, are storage ("512", "256 ssd"). */
export const STORAGE_SIZES = new Set([128, 256, 512, 1000, 1024, 2000, 2048, 4096]);

export const norm = (token: string) => token.toLowerCase().replace(/^[,;(]+|[,;:)!?.]+$/g, "");
