import { totalCents } from "../../schemas/delivery-labels.ts";
import { type FeeRule, feeFor } from "../../schemas/fees.ts";

/** 5 %, nothing fixed: what ReLaptop charges unless PLATFORM_FEE_PERCENT and PLATFORM_FEE_FIXED_CENTS say. */
let rule: FeeRule = { basisPoints: 500, fixedCents: 0 };

/** Set once at boot from the configuration (server/config.ts validates the range). */
export function configurePlatformFee(next: FeeRule) {
  rule = next;
}

/** The rule in force now: the post form's "You receive", and every order paid from now on. */
export const platformFee = (): FeeRule => rule;

/** The fee columns an order gets when it is paid: the rule in force, and what it comes to on the charge. */
export function feeAtPayment(order: { priceCents: number; shippingCents: number }) {
  return {
    feeBasisPoints: rule.basisPoints,
    feeFixedCents: rule.fixedCents,
    feeCents: feeFor(totalCents(order), rule),
  };
}
