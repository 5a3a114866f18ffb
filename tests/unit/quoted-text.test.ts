import { describe, expect, it } from "vitest";
import { KINDS } from "../../core/notifications/kinds.ts";
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

describe("a notice that goes on after the reason", () => {
  it("ends the reason's sentence before the next one, whether or not the admin typed a stop", () => {
    const seller = { id: "s", name: "Sam", email: "sam@x.test" };
    const body = (reason: string) =>
      KINDS["advert.proofRejected"].inApp?.({ advertId: "a", productName: "ThinkPad", reason }, seller).body;
    expect(body("The code is not readable")).toBe(
      "The reason given: “The code is not readable”. You can send a new one from the advert's edit form.",
    );
    expect(body("The code is not readable.")).toContain("“The code is not readable.” You can send");
  });
});
