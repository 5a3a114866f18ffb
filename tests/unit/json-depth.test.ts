import { describe, expect, it } from "vitest";
import { jsonDepth } from "../../server/http/malformed.ts";

describe("jsonDepth", () => {
  it.each([
    ["1", 0],
    ['{"a":[1,{"b":2}]}', 3],
    ['{"a":"[[[[{{{{"}', 1],
    ['{"a":"\\"[[["}', 1],
    ["[".repeat(100_000), 33],
  ])("%s → %i", (text, depth) => {
    expect(jsonDepth(text)).toBe(depth);
  });
});
