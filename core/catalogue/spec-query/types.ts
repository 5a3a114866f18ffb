import type { SearchParams } from "../../../schemas/search.ts";

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
