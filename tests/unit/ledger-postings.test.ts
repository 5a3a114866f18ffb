import { describe, expect, it } from "vitest";
import { type Entry, type OrderBalances, type OrderMoney, POSTINGS } from "../../core/ledger/index.ts";
import type { Transition } from "../../core/orders/order-states.ts";
import { feeFor } from "../../schemas/fees.ts";

/** How each order transition moves a sale's money in the ledger (core/ledger/postings.ts), as plain arithmetic. */

const RULE = { basisPoints: 500, fixedCents: 30 };
const order = (chargeCents: number, refundCents?: number): OrderMoney => ({
  priceCents: chargeCents,
  shippingCents: 0,
  feeCents: feeFor(chargeCents, RULE),
  feeBasisPoints: RULE.basisPoints,
  feeFixedCents: RULE.fixedCents,
  refundCents,
});

/** Applies transitions in turn, each on the balances the ones before left, as the ledger does. */
function story(o: OrderMoney, steps: Transition[]) {
  const balances: OrderBalances = {};
  const groups: Entry[][] = [];
  for (const step of steps) {
    const entries = POSTINGS[step]?.(o, balances) ?? [];
    groups.push(entries);
    for (const e of entries) balances[e.account] = (balances[e.account] ?? 0) + e.amountCents;
  }
  return { balances, groups };
}

const sum = (entries: Entry[]) => entries.reduce((total, e) => total + e.amountCents, 0);

describe("the fee", () => {
  it("is the percentage of the charge, rounded to the cent, plus the fixed part, never more than the charge", () => {
    expect(feeFor(40_000, RULE)).toBe(2_030);
    expect(feeFor(1_999, { basisPoints: 290, fixedCents: 0 })).toBe(58);
    expect(feeFor(10, { basisPoints: 500, fixedCents: 30 })).toBe(10);
    expect(feeFor(0, RULE)).toBe(0);
  });
});

describe("a sale's postings", () => {
  it("pay: the charge is at the provider, the seller's share pending and the fee earned", () => {
    const { balances } = story(order(40_000), ["pay"]);
    expect(balances).toEqual({ clearing: 40_000, seller_pending: -37_970, platform_fees: -2_030 });
  });

  it("complete: the share becomes available; a payout's money left clearing for the seller", () => {
    const { balances } = story(order(40_000), ["pay", "accept"]);
    expect(balances).toMatchObject({ seller_pending: 0, seller_available: -37_970 });
  });

  it("a full refund, before or after the handover, gives back the fee and the share and leaves nothing", () => {
    for (const cause of ["cancelPaid", "expireHandover", "refundDispute"] as const) {
      const { balances } = story(order(40_000), ["pay", cause, "refund"]);
      expect(Object.values(balances).every((v) => v === 0)).toBe(true);
    }
  });

  it("a partial refund keeps the fee the rule gives on what the sale keeps; the rest of the share is available", () => {
    const { balances } = story(order(40_000, 10_000), ["pay", "report", "refundDisputeInPart", "refundInPart"]);
    // $300 kept: a fee of $15.30, and $284.70 for the seller; $100 went back.
    expect(balances).toEqual({
      clearing: 30_000,
      seller_pending: 0,
      seller_available: -28_470,
      platform_fees: -1_530,
      refunds: 0,
    });
  });

  it("a refund at the provider after the payout owes the transfer back, and clearing pays the buyer in full", () => {
    const o = order(40_000);
    const { balances } = story(o, ["pay", "accept"]);
    // The payout moved the share out: available → payouts → sent.
    balances.seller_available = 0;
    balances.clearing = (balances.clearing ?? 0) - 37_970;
    const entries = POSTINGS.providerRefund?.(o, { ...balances, transferredCents: 37_970 }) ?? [];
    expect(entries).toEqual([
      { account: "platform_fees", amountCents: 2_030 },
      { account: "reversals", amountCents: 37_970 },
      { account: "clearing", amountCents: -40_000 },
    ]);
  });

  it("every group sums to zero, whatever the charge and the part refunded", () => {
    for (let charge = 1; charge < 200_000; charge += 7_919) {
      for (const part of [1, Math.ceil(charge / 3), charge]) {
        const paths: Transition[][] = [
          ["pay", "cancelPaid", "refund"],
          ["pay", "complete"],
          ["pay", "report", "refundDisputeInPart", "refundInPart"],
          ["pay", "report", "release", "providerRefund"],
          ["pay", "providerRefund"],
        ];
        for (const path of paths) {
          const { groups } = story(order(charge, part), path);
          for (const group of groups) expect(sum(group)).toBe(0);
        }
      }
    }
  });
});
