import { describe, expect, it } from "vitest";
import { formatPrice } from "../../schemas/money.ts";

describe("formatPrice", () => {
  it.each([
    [150_000, "$1,500"],
    [99_950, "$999.50"],
    [1_234_567_801, "$12,345,678.01"],
    [5, "$0.05"],
    [100, "$1"],
  ])("shows %i cents as %s", (cents, shown) => {
    expect(formatPrice(cents)).toBe(shown);
  });
});
