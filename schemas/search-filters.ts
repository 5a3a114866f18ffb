import { cpuLabel } from "./cpu-label.ts";
import { formatPrice } from "./money.ts";
import type { Facets, FilterName, SearchParams } from "./search.ts";
import { CONDITIONS, PERFORMANCE_TIERS, STORAGE_TYPES, storageSize } from "./values.ts";

/* No zod here: the filter panel and "Save this search" read it in the browser. */

/**
 * The search's filters, one entry each, in the order /allAdd's URL writes them: how its value is written as
 * text, the chip that names it above the results, and its control in the filter panel. What each accepts is in
 * search-filter-checks.ts and what it matches in SQL (a search, and a saved search's alerts) in
 * core/catalogue/search-filters.ts, both keyed by the same names: the compiler asks a new filter for each.
 */

/** How a value is written as text, in /allAdd's URL and the form fields that post it: cents as dollars, a flag as "true". */
export type TextForm = "text" | "number" | "dollars" | "flag";

/** A count from the search's facets beside each choice: of laptops with that value, or with at least it. */
export interface Counted {
  facet: Exclude<keyof Facets, "total" | "capped" | "price">;
  of: "value" | "atLeast";
}
export interface Option {
  value: string | number;
  name: string;
}

export type Control =
  /** A text box; `half` shares its row with the other end of its range (min and max). */
  | {
      kind: "input";
      label: string;
      type?: "search";
      inputMode?: "decimal" | "numeric";
      placeholder?: string;
      half?: true;
    }
  /** A list with "any" first; `options` from the filter's value now and the brands, if the page lists them. */
  | {
      kind: "select";
      label: string;
      any: string;
      options: (now: { value: unknown; brands?: { id: string; name: string }[] }) => Option[] | undefined;
      counted?: Counted;
    }
  /** A box to tick: the filter is on or not there; `counted`: how many of the results have it, beside it. */
  | { kind: "flag"; label: string; counted?: "batteryVerified" | "charger" | "inHand" }
  /** No control of its own (its chip removes it): kept as it is when the panel is applied. */
  | { kind: "kept" };

export interface SearchFilter {
  text: TextForm;
  chip?: (p: SearchParams, brandName: string | undefined) => string;
  control?: Control;
}

/** "$300 to $600", "$600 or less", "$300 or more": a range, whichever of its ends are set. */
function span(min: number | undefined, max: number | undefined, show: (v: number) => string, unit = "") {
  if (min !== undefined && max !== undefined) return `${show(min)} to ${show(max)}${unit}`;
  return max !== undefined ? `${show(max)}${unit} or less` : `${show(min ?? 0)}${unit} or more`;
}
/** The usual steps of a size, and the one chosen if it is another. */
const steps = (usual: number[], chosen: unknown) =>
  [...new Set([...usual, ...(typeof chosen === "number" ? [chosen] : [])])].sort((a, b) => a - b);
const each = (values: readonly string[]) => () => values.map((v) => ({ value: v, name: v }));

export const SEARCH_FILTERS: { [K in FilterName]: SearchFilter } = {
  q: {
    text: "text",
    chip: (p) => `Words “${p.q}”`,
    control: { kind: "input", label: "Words", type: "search", placeholder: "thinkpad i7 16gb under 600" },
  },
  brand: {
    text: "text",
    chip: (_, brandName) => `Brand ${brandName ?? "chosen"}`,
    control: {
      kind: "select",
      label: "Brand",
      any: "Any brand",
      options: ({ brands }) => brands?.map((b) => ({ value: b.id, name: b.name })),
      counted: { facet: "brand", of: "value" },
    },
  },
  /** A seller's page's own filter: no chip, no control. */
  seller: { text: "text" },
  minPrice: {
    text: "dollars",
    chip: (p) => `Price ${span(p.minPrice, p.maxPrice, formatPrice)}`,
    control: { kind: "input", label: "Min price ($)", inputMode: "decimal", half: true },
  },
  /** Named in minPrice's chip: a range is one chip. */
  maxPrice: { text: "dollars", control: { kind: "input", label: "Max price ($)", inputMode: "decimal", half: true } },
  condition: {
    text: "text",
    chip: (p) => `Condition ${p.condition}`,
    control: {
      kind: "select",
      label: "Condition",
      any: "Any condition",
      options: each(CONDITIONS),
      counted: { facet: "condition", of: "value" },
    },
  },
  location: { text: "text", chip: (p) => `Location ${p.location}`, control: { kind: "input", label: "Location" } },
  minRam: {
    text: "number",
    chip: (p) => `RAM ${p.minRam} GB or more`,
    control: {
      kind: "select",
      label: "RAM at least",
      any: "Any RAM",
      options: ({ value }) => steps([4, 8, 16, 32, 64], value).map((gb) => ({ value: gb, name: `${gb} GB or more` })),
      counted: { facet: "ram", of: "atLeast" },
    },
  },
  minStorage: {
    text: "number",
    chip: (p) => `Storage ${storageSize(p.minStorage ?? 0)} or more`,
    control: {
      kind: "select",
      label: "Storage at least",
      any: "Any storage",
      options: ({ value }) =>
        steps([128, 256, 512, 1000, 2000], value).map((gb) => ({ value: gb, name: `${storageSize(gb)} or more` })),
      counted: { facet: "storage", of: "atLeast" },
    },
  },
  cpu: { text: "text", chip: (p) => `Processor ${cpuLabel(p.cpu ?? "")}`, control: { kind: "kept" } },
  tier: {
    text: "number",
    chip: (p) => `Performance ${PERFORMANCE_TIERS[(p.tier ?? 1) - 1]}`,
    control: {
      kind: "select",
      label: "Performance",
      any: "Any performance",
      options: () => PERFORMANCE_TIERS.map((name, i) => ({ value: i + 1, name })),
      counted: { facet: "tier", of: "value" },
    },
  },
  minBattery: {
    text: "number",
    chip: (p) => `Battery health ${p.minBattery}% or more`,
    control: { kind: "input", label: "Battery health at least (%)", inputMode: "numeric" },
  },
  minScreen: {
    text: "number",
    chip: (p) =>
      p.minScreen !== undefined && p.minScreen === p.maxScreen
        ? `Screen ${p.minScreen} inches`
        : `Screen ${span(p.minScreen, p.maxScreen, String, " inches")}`,
    control: { kind: "input", label: "Screen from (inches)", inputMode: "decimal", half: true },
  },
  /** Named in minScreen's chip: a range is one chip. */
  maxScreen: {
    text: "number",
    control: { kind: "input", label: "Screen up to (inches)", inputMode: "decimal", half: true },
  },
  storageType: {
    text: "text",
    chip: (p) => `Storage type ${p.storageType}`,
    control: { kind: "select", label: "Storage type", any: "Any type", options: each(STORAGE_TYPES) },
  },
  maxYears: {
    text: "number",
    chip: (p) => `Used ${p.maxYears} ${p.maxYears === 1 ? "year" : "years"} or less`,
    control: { kind: "input", label: "Used at most (years)", inputMode: "numeric" },
  },
  verified: {
    text: "flag",
    chip: () => "Verified sellers only",
    control: { kind: "flag", label: "Verified sellers only" },
  },
  ships: { text: "flag", chip: () => "Ships only", control: { kind: "flag", label: "Ships" } },
  batteryVerified: {
    text: "flag",
    chip: () => "Battery verified",
    control: { kind: "flag", label: "Battery verified", counted: "batteryVerified" },
  },
  charger: {
    text: "flag",
    chip: () => "Charger included",
    control: { kind: "flag", label: "Charger included", counted: "charger" },
  },
  inHand: {
    text: "flag",
    chip: () => "In hand",
    control: { kind: "flag", label: "In hand", counted: "inHand" },
  },
};

export const FILTER_NAMES = Object.keys(SEARCH_FILTERS) as FilterName[];

/** The chips above the results, in this order; a range is one chip, named by its first filter. */
export const CHIPS: [FilterName, ...FilterName[]][] = [
  ["brand"],
  ["cpu"],
  ["minRam"],
  ["minStorage"],
  ["storageType"],
  ["minPrice", "maxPrice"],
  ["condition"],
  ["tier"],
  ["minBattery"],
  ["batteryVerified"],
  ["minScreen", "maxScreen"],
  ["maxYears"],
  ["charger"],
  ["inHand"],
  ["verified"],
  ["ships"],
  ["location"],
  ["q"],
];

/**
 * The filter panel's controls in groups, each folding on its own, in this order: what people narrow by first
 * (words, brand, price) on top. `cpu` has no control (its chip removes it) but is kept when the panel applies.
 */
export const PANEL_GROUPS: { title: string; filters: FilterName[] }[] = [
  { title: "Search", filters: ["q", "cpu", "brand"] },
  { title: "Price", filters: ["minPrice", "maxPrice"] },
  {
    title: "Specs",
    filters: ["minRam", "minStorage", "storageType", "tier", "minScreen", "maxScreen", "minBattery", "batteryVerified"],
  },
  {
    title: "Condition and seller",
    filters: ["condition", "charger", "inHand", "maxYears", "location", "verified", "ships"],
  },
];

/** A filter's value as text (`undefined`: not in the URL — a flag that is off, or no value). */
export function filterText(name: FilterName, value: unknown): string | undefined {
  if (value === undefined || value === false) return undefined;
  switch (SEARCH_FILTERS[name].text) {
    case "dollars":
      return String((value as number) / 100);
    case "flag":
      return "true";
    default:
      return String(value);
  }
}
