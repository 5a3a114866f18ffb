import { formatPrice } from "./money.ts";

/**
 * ReLaptop's fee on a sale: a percentage of what the buyer pays (price and shipping) plus a fixed amount,
 * never more than the charge. The rule in force when an order is paid is kept on the order and applied to it
 * for good (a later change of PLATFORM_FEE_PERCENT does not touch it). No zod here: the post form computes
 * "You receive" in the browser as the price is typed.
 */
export interface FeeRule {
  /** Hundredths of a percent: 5 % is 500, so a rule like 2.9 % stays an integer. */
  basisPoints: number;
  fixedCents: number;
}

/** The fee on a charge of `chargeCents`, rounded to the nearest cent. */
export function feeFor(chargeCents: number, rule: FeeRule): number {
  if (chargeCents <= 0) return 0;
  return Math.min(chargeCents, Math.round((chargeCents * rule.basisPoints) / 10_000) + rule.fixedCents);
}

/** What the seller receives of a charge. */
export const sellerReceives = (chargeCents: number, rule: FeeRule) => chargeCents - feeFor(chargeCents, rule);

/** "5%", "2.9% + $0.30": how the rule reads on the post form and the order page. */
export function describeFee(rule: FeeRule): string {
  const percent = `${(rule.basisPoints / 100).toString()}%`;
  if (rule.fixedCents === 0) return percent;
  return `${percent} + ${formatPrice(rule.fixedCents)}`;
}
