import { NO_LONGER_FOR_SALE, SOLD } from "../../schemas/orders.ts";
import { ORDER_STATUSES, type OrderStatus } from "../../schemas/values.ts";

export type { OrderStatus };

/**
 * The order lifecycle. Every change of status goes through one of these named
 * transitions, checked against the current status inside the same transaction
 * that makes the change (see transition.ts).
 *
 *   booked ──startPayment──► paying ──pay──► paid ──confirmReceipt──► completed
 *     │    ◄──paymentFailed───┘               │
 *     │                                       └─cancelPaid─► refunding ──refund──► refunded
 *     ├─cancel─► cancelled
 *     ├─decline─► declined   (its seller, with a reason the buyer reads)
 *     ├─close──► closed      (also from paying, when the charge is refused and returned)
 *     └─withdraw──► withdrawn
 *
 * Money moves only while an order sits in one of the two in-flight states, `paying` and
 * `refunding`: the transition into it commits before the provider is called, and the provider's
 * answer is recorded by the transition out of it. No other transition leaves an in-flight state,
 * so nothing else can happen to an order while its money moves (decision 8).
 *
 * Each transition names who may trigger it (`by`, enforced by `applyTransition`) and what the
 * person is told when the order is not in a state it leaves from (`refusal`). A new transition is a new
 * entry here, who is told of it in order-notices.ts, its line in the timeline (order-timeline.ts), and a
 * verb file that locks the order and applies it (decline.ts is the smallest).
 */
export const TRANSITIONS = {
  /** A buyer books a laptop: the order is created from the account and the advert. */
  book: { from: [], to: "booked", by: "buyer", refusal: "This laptop cannot be booked." },
  /** The buyer submits the card form: the laptop is held and the provider is about to charge. */
  startPayment: { from: ["booked"], to: "paying", by: "buyer", refusal: "This order can no longer be paid." },
  /**
   * The provider took the money; the laptop is now sold to this buyer. From `booked` too: with
   * Stripe the browser confirms the payment and Stripe tells us afterwards.
   */
  pay: { from: ["paying", "booked"], to: "paid", by: "provider", refusal: "This order can no longer be paid." },
  /** The card was declined, or the provider could not be reached: the buyer may try again. */
  paymentFailed: { from: ["paying"], to: "booked", by: "provider", refusal: "This order can no longer be paid." },
  /** The buyer changed their mind before paying. Nothing to refund. */
  cancel: { from: ["booked"], to: "cancelled", by: "buyer", refusal: "This order can no longer be cancelled." },
  /**
   * Buyer protection: a paid order can be cancelled until the buyer confirms receipt. The order
   * is refunding until the provider has returned the money in full.
   */
  cancelPaid: { from: ["paid"], to: "refunding", by: "buyer", refusal: "This order can no longer be cancelled." },
  /** The provider returned the money; the laptop is for sale again. */
  refund: { from: ["refunding"], to: "refunded", by: "provider", refusal: "This order can no longer be refunded." },
  /**
   * A refund made at the provider, not by us (Stripe's dashboard, a dispute): the money is back,
   * whatever the order said. A laptop already received leaves the catalogue rather than going back on sale.
   */
  providerRefund: {
    from: ["paid", "refunding", "completed"],
    to: "refunded",
    by: "provider",
    refusal: "This order can no longer be refunded.",
  },
  /** The buyer has the laptop: the sale is final. */
  confirmReceipt: {
    from: ["paid"],
    to: "completed",
    by: "buyer",
    refusal: "Only a paid order can be marked as received.",
  },
  /**
   * The laptop's seller will not sell to this buyer (no answer, a price misunderstood), with a reason the buyer
   * reads. Only before any money moved: once paid, the sale stands, and the buyer alone may cancel it.
   */
  decline: {
    from: ["booked"],
    to: "declined",
    by: "seller",
    refusal: "Only a booking that is not paid can be declined.",
  },
  /** Another buyer paid for the same laptop first: this booking can no longer be paid. */
  close: { from: ["booked", "paying"], to: "closed", by: "system", refusal: SOLD },
  /** The laptop left the catalogue (its seller deleted it, or an admin removed it or its seller) before anyone paid. */
  withdraw: { from: ["booked", "paying"], to: "withdrawn", by: "system", refusal: NO_LONGER_FOR_SALE },
} as const satisfies Record<
  string,
  { from: readonly OrderStatus[]; to: OrderStatus; by: "buyer" | "seller" | "system" | "provider"; refusal: string }
>;

export type Transition = keyof typeof TRANSITIONS;

/**
 * Who moves an order: its buyer or its laptop's seller (by their account id, checked against the order's), the
 * payment provider's answer, or ReLaptop itself (a sale or a withdrawal ending other bookings).
 */
export type OrderActor =
  | { kind: "buyer"; id: string }
  | { kind: "seller"; id: string }
  | { kind: "provider" }
  | { kind: "system" };

export function canTransition(status: OrderStatus, transition: Transition): boolean {
  return (TRANSITIONS[transition].from as readonly OrderStatus[]).includes(status);
}

/** Orders whose laptop is sold to their buyer (paid, being refunded, or received). */
export const SALE_STATUSES: readonly OrderStatus[] = ["paid", "refunding", "completed"];

/** Money is moving for these orders: nothing else may happen to them until the provider answers. */
export const IN_FLIGHT = {
  paying: "A payment for this order is already in progress. Wait a moment.",
  refunding: "This order is being refunded. Wait a moment.",
} as const satisfies Partial<Record<OrderStatus, string>>;

export { NO_LONGER_FOR_SALE, ORDER_STATUSES, SOLD };

/** What a person is told when their order cannot take this transition now. */
export function refusalOf(status: OrderStatus, transition: Transition): string {
  return status in IN_FLIGHT ? IN_FLIGHT[status as keyof typeof IN_FLIGHT] : TRANSITIONS[transition].refusal;
}

/** Whether this actor may trigger the transition on this order: a person only on an order that is theirs. */
export function mayTrigger(
  transition: Transition,
  actor: OrderActor,
  order: { buyerId: string; sellerId: string },
): boolean {
  if (actor.kind !== TRANSITIONS[transition].by) return false;
  if (actor.kind === "buyer") return actor.id === order.buyerId;
  if (actor.kind === "seller") return actor.id === order.sellerId;
  return true;
}
