import type { NamedBrand, SpecFilter } from "./types.ts";

/** A query being read (spec-query.ts): its words, normalised, and those a filter has taken already. */
export interface Reading {
  words: string[];
  used: Set<number>;
  brands: NamedBrand[];
}

/** A filter read from `width` words at `from`; `alsoText`: its first word is searched as text too (a model line). */
export interface Read {
  set: SpecFilter["set"];
  from: number;
  width: number;
  alsoText?: true;
}

/** One way of reading the words at `i`: the filters found there, or undefined (the next way is tried). */
export type Step = (reading: Reading, i: number) => Read[] | undefined;

export const found = (set: Read["set"], from: number, width: number): Read[] => [{ set, from, width }];
