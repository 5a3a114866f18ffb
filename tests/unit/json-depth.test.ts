import { describe, expect, it } from "vitest";
import { depthTracker } from "../../server/http/malformed.ts";

describe("depthTracker", () => {
  it.each([
    ["1", 0],
    ['{"a":[1,{"b":2}]}', 3],
    ['{"a":"[[[[{{{{"}', 1],
    ['{"a":"\\"[[["}', 1],
    ['{"a":"\\\\"}', 1],
    ["[".repeat(100_000), 100_000],
  ])("%s → %i", (text, depth) => {
    expect(depthTracker()(Buffer.from(text))).toBe(depth);
  });

  it("follows a body split anywhere, even inside a string or an escape", () => {
    const track = depthTracker();
    // {"a":"q\"[[", "b": [[1]]} — a string holding an escaped quote and brackets, then two levels more.
    for (const part of ['{"a":"q\\', '"[[", "b": [', "[1]]}"]) track(Buffer.from(part));
    expect(track(Buffer.from(""))).toBe(3);
  });
});
