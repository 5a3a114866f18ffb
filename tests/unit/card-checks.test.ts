import { describe, expect, it } from "vitest";
import { cardProblem, luhnValid } from "../../core/payments/card-checks.ts";

const now = new Date("2026-11-22T00:00:00Z");
const card = (over: Partial<{ number: string; expiry: string; cvc: string }> = {}) => ({
  number: "4242 4242 4242 4242",
  expiry: "12 / 30",
  cvc: "123",
  ...over,
});

describe("card checks", () => {
  it("knows Luhn", () => {
    expect(luhnValid("4242424242424242")).toBe(true);
    expect(luhnValid("4000000000000002")).toBe(true);
    expect(luhnValid("4242424242424241")).toBe(false);
  });

  it.each([
    [card(), null],
    [card({ number: "4242" }), "Your card number is incomplete."],
    [card({ number: "4242 4242 4242 4241" }), "Your card number is invalid."],
    [card({ expiry: "12" }), "Your card's expiration date is incomplete."],
    [card({ expiry: "13 / 30" }), "Your card's expiration date is invalid."],
    [card({ expiry: "12 / 25" }), "Your card's expiration year is in the past."],
    [card({ expiry: "10 / 26" }), "Your card's expiration date is in the past."],
    [card({ expiry: "11 / 26" }), null],
    // Typed without the slash, or without spaces, as people type it.
    [card({ expiry: "1230" }), null],
    [card({ expiry: "12/30" }), null],
    [card({ expiry: "1225" }), "Your card's expiration year is in the past."],
    [card({ expiry: "123" }), "Your card's expiration date is incomplete."],
    [card({ expiry: "12345" }), "Your card's expiration date is incomplete."],
    [card({ cvc: "1" }), "Your card's security code is incomplete."],
  ])("%o → %s", (c, expected) => {
    expect(cardProblem(c, now)).toBe(expected);
  });
});
