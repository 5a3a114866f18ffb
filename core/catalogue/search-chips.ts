import { cpuLabel } from "../../schemas/cpu-label.ts";
import { formatPrice } from "../../schemas/money.ts";
import type { FilterChip, SearchParams } from "../../schemas/search.ts";
import { PERFORMANCE_TIERS, storageSize } from "../../schemas/values.ts";
import { type NamedBrand, parseSpecQuery, type SpecField } from "./spec-query.ts";

/** Filters shown as one chip each; a range is one chip. */
const CHIPS: (keyof SearchParams)[][] = [
  ["brand"],
  ["cpu"],
  ["minRam"],
  ["minStorage"],
  ["storageType"],
  ["minPrice", "maxPrice"],
  ["condition"],
  ["tier"],
  ["minBattery"],
  ["minScreen", "maxScreen"],
  ["maxYears"],
  ["verified"],
  ["ships"],
  ["location"],
  ["q"],
];

function label(fields: (keyof SearchParams)[], p: SearchParams, brands: NamedBrand[]): string {
  switch (fields[0]) {
    case "brand":
      return `Brand ${brands.find((b) => b.id === p.brand)?.name ?? "chosen"}`;
    case "cpu":
      return `Processor ${cpuLabel(p.cpu ?? "")}`;
    case "minRam":
      return `RAM ${p.minRam} GB or more`;
    case "minStorage":
      return `Storage ${storageSize(p.minStorage ?? 0)} or more`;
    case "storageType":
      return `Storage type ${p.storageType}`;
    case "minPrice":
      if (p.minPrice !== undefined && p.maxPrice !== undefined)
        return `Price ${formatPrice(p.minPrice)} to ${formatPrice(p.maxPrice)}`;
      return p.maxPrice !== undefined
        ? `Price ${formatPrice(p.maxPrice)} or less`
        : `Price ${formatPrice(p.minPrice ?? 0)} or more`;
    case "condition":
      return `Condition ${p.condition}`;
    case "tier":
      return `Performance ${PERFORMANCE_TIERS[(p.tier ?? 1) - 1]}`;
    case "minBattery":
      return `Battery health ${p.minBattery}% or more`;
    case "minScreen":
      if (p.minScreen !== undefined && p.maxScreen !== undefined)
        return p.minScreen === p.maxScreen
          ? `Screen ${p.minScreen} inches`
          : `Screen ${p.minScreen} to ${p.maxScreen} inches`;
      return p.maxScreen !== undefined
        ? `Screen ${p.maxScreen} inches or less`
        : `Screen ${p.minScreen} inches or more`;
    case "maxYears":
      return `Used ${p.maxYears} ${p.maxYears === 1 ? "year" : "years"} or less`;
    case "verified":
      return "Verified sellers only";
    case "ships":
      return "Ships only";
    case "location":
      return `Location ${p.location}`;
    default:
      return `Words “${p.q}”`;
  }
}

/**
 * A search as the buyer typed it, read: the filters found in its words are added to the ones set in
 * the URL (which win when both set the same one), the words left over are searched as text, and every
 * filter in force becomes a chip that removes it — from the URL, or by taking its words out of the query.
 * `fixed` filters belong to the page (a brand page's brand) and get no chip.
 */
export function readSearch(
  params: SearchParams,
  brands: NamedBrand[],
  fixed: (keyof SearchParams)[] = [],
): { params: SearchParams; chips: FilterChip[] } {
  const parsed = params.q ? parseSpecQuery(params.q, brands) : undefined;
  const effective: SearchParams = { ...params, q: parsed ? parsed.text : params.q };
  /** Which of the query's words set each field (a field the URL set is not here). */
  const fromQuery = new Map<keyof SearchParams, number[]>();
  for (const filter of parsed?.filters ?? []) {
    for (const [field, value] of Object.entries(filter.set) as [SpecField, never][]) {
      if (params[field] !== undefined || fixed.includes(field)) continue;
      effective[field] = value;
      fromQuery.set(field, filter.tokens);
    }
  }
  const queryWithout = (drop: Set<number>) => {
    const rest = (parsed?.tokens ?? []).filter((_, k) => !drop.has(k)).join(" ");
    return rest || null;
  };
  const chips: FilterChip[] = [];
  for (const fields of CHIPS) {
    const active = fields.filter((f) => effective[f] !== undefined && !fixed.includes(f));
    if (active.length === 0) continue;
    const remove: FilterChip["remove"] = { cursor: null };
    const drop = new Set<number>();
    for (const field of active) {
      const tokens = fromQuery.get(field);
      if (tokens) for (const k of tokens) drop.add(k);
      else if (field !== "q") remove[field] = null;
    }
    if (fields[0] === "q") {
      // The words chip takes out the words searched as text; a filter read from one of them ("thinkpad" →
      // Lenovo) stays, moved into the URL.
      for (const k of parsed?.textTokens ?? []) drop.add(k);
      for (const [field, tokens] of fromQuery) {
        const value = effective[field];
        if (tokens.some((k) => drop.has(k)) && value !== undefined) remove[field] = String(value);
      }
      remove.q = queryWithout(drop);
    } else if (drop.size) remove.q = queryWithout(drop);
    chips.push({ label: label(fields, effective, brands), remove });
  }
  return { params: effective, chips };
}
