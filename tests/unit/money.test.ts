import { describe, expect, it } from "vitest";
import { dollarsToCents, formatPrice } from "../../schemas/money.ts";

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

describe("an amount as typed", () => {
  it.each([
    ["1250", 125_000],
    ["1,250", 125_000],
    ["1,250.50", 125_050],
    ["$800", 80_000],
    ["$ 800", 80_000],
    [" 449.99 ", 44_999],
    ["0", 0],
    ["0.5", 50],
    ["9999999.99", 999_999_999],
    ["9,999,999", 999_999_900],
  ])("reads %j as %i cents", (typed, cents) => {
    expect(dollarsToCents(typed)).toBe(cents);
  });

  it.each([
    "1,2.5$", // the slip that read as $12.50
    "800$",
    "12,50",
    "1,25",
    "1,2500",
    ",250",
    "1,,250",
    "1.250,50",
    "1 250",
    "$$800",
    "4.567",
    "1250.",
    ".5",
    "-3",
    "1e3",
    "0x10",
    "ten",
    "",
    "10000000",
    "12,345,678",
  ])("refuses %j", (typed) => {
    expect(dollarsToCents(typed)).toBeNull();
  });
});
