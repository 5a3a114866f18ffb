import { describe, expect, it } from "vitest";
import { booleanFromText, numberFromText } from "../../schemas/form-values.ts";
import { optionalText, requiredText, saysSomething, visibleLength } from "../../schemas/text-fields.ts";

describe("text that must say something", () => {
  const blanks = [
    "",
    "   \n\t ",
    "\u200B".repeat(20),
    " \u200B\u200C\u200D\u2060\uFEFF ",
    "\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200E\u200F",
    "\u00AD\u034F\u115F\u1160\u3164\uFFA0\u2800\uFE0F\u180E",
    "\u{E0041}\u{E0042}\u{E007F}",
  ];

  it("is refused, with the empty field's message, when nothing visible is left", () => {
    const review = requiredText("Write your review");
    for (const text of blanks) {
      expect(saysSomething(text), JSON.stringify(text)).toBe(false);
      expect(review.safeParse(text).error?.issues.map((i) => i.message)).toEqual(["Write your review"]);
    }
    expect(review.safeParse(undefined).error?.issues.map((i) => i.message)).toEqual(["Write your review"]);
  });

  it("is kept as typed, joiners inside words and emoji included, but for the spaces around it", () => {
    const family = "👨\u200D👩\u200D👧";
    expect(requiredText("x").parse(`  ${family} می\u200Cخواهم  `)).toBe(`${family} می\u200Cخواهم`);
    expect(requiredText("x").parse("\u202Eevil")).toBe("\u202Eevil");
    expect(visibleLength(`ok${"\u200B".repeat(20)}`)).toBe(2);
  });

  it("is left out when optional and blank, rather than stored as an empty-looking text", () => {
    const details = optionalText(40, "Too long");
    for (const text of blanks) expect(details.parse(text), JSON.stringify(text)).toBeUndefined();
    expect(details.parse(" Not true ")).toBe("Not true");
    expect(details.safeParse("x".repeat(41)).error?.issues[0]?.message).toBe("Too long");
  });
});

describe("a form's text read as a number or a flag", () => {
  it("reads numbers as people write them, and leaves anything else for the schema to refuse", () => {
    expect(["3", " 4.5 ", "-1", "+2", ".5", "5."].map(numberFromText)).toEqual([3, 4.5, -1, 2, 0.5, 5]);
    expect(["", "  "].map(numberFromText)).toEqual([undefined, undefined]);
    for (const text of ["1e3", "0x10", "Infinity", "3 GB", "three"]) expect(numberFromText(text)).toBe(text);
    expect(numberFromText(7)).toBe(7);
    expect(["true", "false", "", "on"].map(booleanFromText)).toEqual([true, false, undefined, "on"]);
  });
});
