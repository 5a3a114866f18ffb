import { ORDER_STATUSES } from "../../db/schema.ts";

export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * The order lifecycle. Every change of status goes through one of these named
 * transitions, checked against the current status inside the same transaction
 * that makes the change (see transition.ts).
 *
 *   booked ──pay──────► paid ──confirmReceipt──► completed
 *     │                  │
 *     ├─cancel─► cancelled
 *     │                  └──cancelPaid──► refunded
 *     ├─close──► closed
 *     └─withdraw──► withdrawn
 */
export const TRANSITIONS = {
  /** The buyer's card payment succeeded; the laptop is now sold to them. */
  pay: { from: ["booked"], to: "paid", by: "buyer" },
  /** The buyer changed their mind before paying. Nothing to refund. */
  cancel: { from: ["booked"], to: "cancelled", by: "buyer" },
  /**
   * Buyer protection: a paid order can be cancelled until the buyer confirms receipt.
   * The payment is refunded in full and the laptop is for sale again.
   */
  cancelPaid: { from: ["paid"], to: "refunded", by: "buyer" }, // or by the provider, when refunded from its dashboard
  /** The buyer has the laptop: the sale is final. */
  confirmReceipt: { from: ["paid"], to: "completed", by: "buyer" },
  /** Another buyer paid for the same laptop first: this booking can no longer be paid. */
  close: { from: ["booked"], to: "closed", by: "system" },
  /** The laptop left the catalogue (its seller deleted it, or an admin removed it or its seller) before anyone paid. */
  withdraw: { from: ["booked"], to: "withdrawn", by: "system" },
} as const satisfies Record<string, { from: readonly OrderStatus[]; to: OrderStatus; by: "buyer" | "system" }>;

export type Transition = keyof typeof TRANSITIONS;

export function canTransition(status: OrderStatus, transition: Transition): boolean {
  return (TRANSITIONS[transition].from as readonly OrderStatus[]).includes(status);
}

/** Orders that still hold a claim on the laptop. */
export const OPEN_STATUSES: readonly OrderStatus[] = ["booked", "paid"];

/** Why a booking can no longer be paid: the laptop went to another buyer, or left the catalogue. */
export const SOLD = "This laptop has already been sold";
export const NO_LONGER_FOR_SALE = "This laptop is no longer for sale.";

/** What the buyer reads for each status. */
export const STATUS_LABELS: Record<OrderStatus, string> = {
  booked: "Booked",
  paid: "Paid",
  completed: "Received",
  cancelled: "Cancelled",
  refunded: "Refunded",
  closed: SOLD,
  withdrawn: NO_LONGER_FOR_SALE,
};

export { ORDER_STATUSES };
