import { describe, expect, it } from "vitest";
import {
  AMOUNT_ABOVE_ZERO,
  AMOUNT_IN_CENTS,
  AMOUNT_LIKE,
  AMOUNT_REQUIRED,
  amountBelowCharge,
  DISPUTE_DECISION_LABELS,
  decisionFormSchema,
  decisionSchema,
  refundAmountHint,
  refundAmountProblem,
} from "../../schemas/disputes.ts";
import { dollarsToCents } from "../../schemas/money.ts";

/** A partial refund's amount: whole cents, more than nothing, less than what the buyer was charged. */
describe("refund amounts", () => {
  it("takes any whole number of cents from one to the whole charge", () => {
    for (const cents of [1, 12_345, 39_999]) expect(refundAmountProblem(cents, 40_000)).toBeNull();
  });

  it("refuses more than the charge, nothing, less than nothing and fractions of a cent", () => {
    expect(refundAmountProblem(40_001, 40_000)).toBe(amountBelowCharge(40_000));
    // All of it is a refund in full, not a part: the sale would stand with the buyer's money returned.
    expect(refundAmountProblem(40_000, 40_000)).toBe(amountBelowCharge(40_000));
    expect(amountBelowCharge(40_000)).toContain("$400");
    expect(refundAmountProblem(0, 40_000)).toBe(AMOUNT_ABOVE_ZERO);
    expect(refundAmountProblem(-5, 40_000)).toBe(AMOUNT_ABOVE_ZERO);
    expect(refundAmountProblem(12.5, 40_000)).toBe(AMOUNT_IN_CENTS);
    expect(refundAmountProblem(Number.NaN, 40_000)).toBe(AMOUNT_IN_CENTS);
  });

  it("names the full refund as its choice is labelled, in the hint and in the message", () => {
    // The admin reads "Refund the buyer" beside the radio button: any other name sends them looking for it.
    const choice = `choose ${DISPUTE_DECISION_LABELS.refund}`;
    expect(amountBelowCharge(40_000)).toMatch(new RegExp(`${choice}$`));
    expect(refundAmountHint(40_000)).toContain(`$400 (what the buyer paid; for all of it, ${choice}).`);
    expect(refundAmountHint(40_000)).toMatch(new RegExp(`^${DISPUTE_DECISION_LABELS.partial_refund} only`));
  });

  it("reads dollars as typed in the admin's money input", () => {
    expect(dollarsToCents("45")).toBe(4_500);
    expect(dollarsToCents(" $1,045.5 ")).toBe(104_550);
    expect(dollarsToCents("0.01")).toBe(1);
    for (const bad of ["", "-3", "4.567", "1e3", "ten", "0x10", "1,04.5", "45$"])
      expect(dollarsToCents(bad)).toBeNull();
  });

  it("the API asks an amount for a partial refund only, as a JSON number of cents", () => {
    const reason = "Scratched";
    expect(decisionSchema.safeParse({ decision: "release", reason }).success).toBe(true);
    const missing = decisionSchema.safeParse({ decision: "partial_refund", reason });
    expect(missing.error?.issues[0]).toMatchObject({ path: ["amountCents"], message: AMOUNT_REQUIRED });
    expect(decisionSchema.safeParse({ decision: "partial_refund", amountCents: "100", reason }).success).toBe(false);
    expect(decisionSchema.safeParse({ decision: "partial_refund", amountCents: 100, reason }).success).toBe(true);
  });

  it("the page's form reads the dollars into cents, and names `amount` when it cannot", () => {
    expect(decisionFormSchema.parse({ decision: "partial_refund", amount: "45.50", reason: "Dent" })).toEqual({
      decision: "partial_refund",
      amountCents: 4_550,
      reason: "Dent",
    });
    // A full refund or a release ignores whatever the amount field held.
    expect(decisionFormSchema.parse({ decision: "refund", amount: "abc", reason: "Broken" })).toEqual({
      decision: "refund",
      reason: "Broken",
    });
    const bad = decisionFormSchema.safeParse({ decision: "partial_refund", amount: "lots", reason: "Dent" });
    expect(bad.error?.issues[0]).toMatchObject({ path: ["amount"], message: AMOUNT_LIKE });
    const empty = decisionFormSchema.safeParse({ decision: "partial_refund", amount: " ", reason: "Dent" });
    expect(empty.error?.issues[0]).toMatchObject({ path: ["amount"], message: AMOUNT_REQUIRED });
  });
});
