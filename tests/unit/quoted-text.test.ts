import { describe, expect, it } from "vitest";
import { quotedThenStop } from "../../schemas/quoted-text.ts";

/** A person's words quoted at the end of our sentence: one full stop, theirs or ours. */
describe("quoted words", () => {
  it("adds the sentence's full stop after words that have none", () => {
    expect(quotedThenStop("Two keys are missing")).toBe("“Two keys are missing”.");
    expect(quotedThenStop("  Mine ")).toBe("“Mine”.");
  });

  it("adds none after words that end with their own stop", () => {
    for (const words of ["Two keys are missing.", "Sorry!", "Is it the battery?", "Wait…", "It said “broken.”"]) {
      expect(quotedThenStop(words)).toBe(`“${words}”`);
    }
    expect(quotedThenStop("Partial refund for the two missing keys. ")).toBe(
      "“Partial refund for the two missing keys.”",
    );
  });

  it("still adds one after other punctuation", () => {
    expect(quotedThenStop("16 GB: excellent,")).toBe("“16 GB: excellent,”.");
    expect(quotedThenStop("ThinkPad (14)")).toBe("“ThinkPad (14)”.");
  });
});
