import { totalCents } from "../../schemas/delivery-labels.ts";
import { feeFor } from "../../schemas/fees.ts";
import type { LedgerAccount } from "./accounts.ts";

/** One entry of a group: debit positive. */
export interface Entry {
  account: LedgerAccount;
  amountCents: number;
}

/** What an order's postings read: the order as paid (its charge, fee and rule) and what a decision refunds. */
export interface OrderMoney {
  priceCents: number;
  shippingCents: number;
  feeCents: number | null;
  feeBasisPoints: number | null;
  feeFixedCents: number | null;
  /** A dispute decision's partial refund (core/disputes/decide.ts). */
  refundCents?: number | null;
}

/**
 * The order's balance on each account before this transition (sums of its entries, debit positive), and what
 * its payouts' transfers took out of clearing.
 */
export type OrderBalances = Partial<Record<LedgerAccount, number>> & { transferredCents?: number };

const held = (b: OrderBalances, account: LedgerAccount) => b[account] ?? 0;

/** Moves the order's whole balance on `from` (a credit) to `to`. */
const settle = (b: OrderBalances, from: LedgerAccount, to: LedgerAccount): Entry[] => {
  const amount = held(b, from);
  return amount === 0
    ? []
    : [
        { account: from, amountCents: -amount },
        { account: to, amountCents: amount },
      ];
};

/** The fee and the seller's share of the charge, as fixed when the order was paid. */
function shares(o: OrderMoney) {
  if (o.feeCents === null) throw new Error("an order is posted to the ledger only once it is paid");
  const charge = totalCents(o);
  return { charge, fee: o.feeCents, seller: charge - o.feeCents };
}

/** A paid order's whole charge goes back: its pending share and its fee become a refund in flight. */
const refundAll = (_o: OrderMoney, b: OrderBalances) => [
  ...settle(b, "seller_pending", "refunds"),
  ...settle(b, "platform_fees", "refunds"),
];

/** The refund in flight reached the buyer: it leaves clearing. */
const refunded = (_o: OrderMoney, b: OrderBalances) => settle(b, "refunds", "clearing");

/** The sale is final: the seller's pending share becomes available for payout. */
const completed = (_o: OrderMoney, b: OrderBalances) => settle(b, "seller_pending", "seller_available");

/**
 * What each order transition writes to the ledger, as a function of the order and its balances: the one place
 * that says how a sale's money moves. Transitions absent here move none (a booking, a handover). Keyed by the
 * transitions' names (core/orders/order-states.ts): the orders domain calls the ledger, never the other way.
 */
export const POSTINGS: Partial<Record<string, (o: OrderMoney, b: OrderBalances) => Entry[]>> = {
  /** The card was charged: the money is at the provider, owed to the seller (pending) and to ReLaptop (fee). */
  pay: (o) => {
    const { charge, fee, seller } = shares(o);
    return [
      { account: "clearing", amountCents: charge },
      { account: "seller_pending", amountCents: -seller },
      ...(fee === 0 ? [] : [{ account: "platform_fees" as const, amountCents: -fee }]),
    ];
  },
  cancelPaid: refundAll,
  expireHandover: refundAll,
  refundDispute: refundAll,
  /**
   * A part goes back: the fee is the payment-time rule applied to what the sale keeps, and the seller's
   * share gives up the rest.
   */
  refundDisputeInPart: (o) => {
    const { charge, fee, seller } = shares(o);
    const refund = o.refundCents ?? 0;
    if (!(refund > 0 && refund <= charge)) throw new Error(`cannot post a partial refund of ${refund}`);
    const rule = { basisPoints: o.feeBasisPoints ?? 0, fixedCents: o.feeFixedCents ?? 0 };
    const keptFee = Math.min(fee, feeFor(charge - refund, rule));
    const feeBack = fee - keptFee;
    const sellerBack = refund - feeBack;
    if (sellerBack > seller) throw new Error("a partial refund cannot take more than the seller's share");
    return [
      ...(sellerBack === 0 ? [] : [{ account: "seller_pending" as const, amountCents: sellerBack }]),
      ...(feeBack === 0 ? [] : [{ account: "platform_fees" as const, amountCents: feeBack }]),
      { account: "refunds", amountCents: -refund },
    ];
  },
  refund: refunded,
  /** The part reached the buyer, and the rest of the sale is final. */
  refundInPart: (o, b) => [...refunded(o, b), ...completed(o, b)],
  complete: completed,
  accept: completed,
  release: completed,
  /**
   * A refund made at the card provider, whatever the order said: everything the order still holds goes back to
   * the buyer from clearing, and what was already transferred to the seller is owed back until the transfer is
   * reversed (core/payouts/reverse.ts).
   */
  providerRefund: (_o, b) => {
    const back = (["seller_pending", "seller_available", "platform_fees", "refunds"] as const).flatMap((account) =>
      held(b, account) === 0 ? [] : [{ account, amountCents: -held(b, account) }],
    );
    // Sent, or on its way (a transfer in flight lands, then is reversed).
    const toSeller = (b.transferredCents ?? 0) - held(b, "payouts");
    const total = back.reduce((sum, e) => sum + e.amountCents, 0) + toSeller;
    return [
      ...back,
      ...(toSeller === 0 ? [] : [{ account: "reversals" as const, amountCents: toSeller }]),
      ...(total === 0 ? [] : [{ account: "clearing" as const, amountCents: -total }]),
    ];
  },
};
