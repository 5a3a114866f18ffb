import type { LedgerAccount } from "../../schemas/values.ts";

export type { LedgerAccount };

/**
 * The ledger's accounts. Every entry's amount is signed, debits positive, and every group of entries sums to
 * zero. `clearing` and `reversals` are what ReLaptop holds or is owed (their balance is a debit, positive); the
 * others are what it owes or earned (a credit, negative). Pages show each balance on its natural side.
 *
 *   buyer's card ──pay──► clearing ═══ seller_pending ──complete──► seller_available ──payout──► payouts ──sent──► seller's bank
 *                                  ╚══ platform_fees
 *   a refund: seller_pending + platform_fees ──► refunds ──provider returns it──► out of clearing
 *   a refund at the provider after a payout: the seller's share is owed back (reversals) until the transfer is reversed
 */
export const ACCOUNTS = {
  clearing: { side: "debit", label: "Held at the card provider" },
  seller_pending: { side: "credit", label: "Sellers' pending (protection window or dispute)" },
  seller_available: { side: "credit", label: "Sellers' available" },
  platform_fees: { side: "credit", label: "ReLaptop's fees" },
  refunds: { side: "credit", label: "Refunds on their way to buyers" },
  payouts: { side: "credit", label: "Transfers on their way to sellers" },
  reversals: { side: "debit", label: "Transfers to take back from sellers" },
} as const satisfies Record<LedgerAccount, { side: "debit" | "credit"; label: string }>;

/** A balance as people read it: what the account holds or owes, positive in its normal state. */
export const natural = (account: LedgerAccount, sumCents: number) =>
  ACCOUNTS[account].side === "debit" ? sumCents : -sumCents;
