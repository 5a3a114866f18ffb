import { NO_LONGER_FOR_SALE, SOLD } from "../../schemas/orders.ts";
import { ORDER_STATUSES, type OrderStatus } from "../../schemas/values.ts";

export type { OrderStatus };

/**
 * The order lifecycle. Every change of status goes through one of these named
 * transitions, checked against the current status inside the same transaction
 * that makes the change (see transition.ts).
 *
 *   booked ─startPayment─► paying ─pay─► paid ─handOver / ship / confirmReceipt─► handed_over ─accept / complete─► completed
 *     │   ◄─paymentFailed─┘               │                                          │
 *     │                                   ├─cancelPaid / expireHandover─► refunding   └─report─► disputed ─release─► completed
 *     │                                   │                                 │                       │
 *     │                                   │                 refund ─► refunded                      └─refundDispute / refundDisputeInPart─► refunding
 *     │                                   │                 refundInPart ─► completed (a part returned; the sale stands)
 *     ├─cancel─► cancelled
 *     ├─decline─► declined   (its seller, with a reason the buyer reads)
 *     ├─close / lapse──► closed  (another buyer paid first; nobody paid in time)
 *     └─withdraw──► withdrawn
 *
 * Money moves only while an order sits in one of the two in-flight states, `paying` and
 * `refunding`: the transition into it commits before the provider is called, and the provider's
 * answer is recorded by the transition out of it. No other transition leaves an in-flight state,
 * so nothing else can happen to an order while its money moves (decision 8).
 *
 * Each transition names who may trigger it (`by`, enforced by `applyTransition`) and what the
 * person is told when the order is not in a state it leaves from (`refusal`). A new transition is a new
 * entry here, who is told of it in order-notices.ts, its line in the timeline (order-timeline.ts), its
 * deadline in deadlines.ts, and a verb file that locks the order and applies it (decline.ts is the smallest).
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
   * A paid order can be cancelled until the laptop is handed over (afterwards the buyer reports a problem:
   * cancel.ts names the handover date). The order is refunding until the provider has returned the money in full.
   */
  cancelPaid: { from: ["paid"], to: "refunding", by: "buyer", refusal: "This order can no longer be cancelled." },
  /** Nobody handed the laptop over within HANDOVER_DAYS of payment: the buyer's money goes back by itself. */
  expireHandover: {
    from: ["paid"],
    to: "refunding",
    by: "system",
    refusal: "This order is no longer waiting for its handover.",
  },
  /** The provider returned the money in full; a laptop never handed over is for sale again. */
  refund: { from: ["refunding"], to: "refunded", by: "provider", refusal: "This order can no longer be refunded." },
  /** The provider returned the part of the money an admin decided on a dispute: the sale stands. */
  refundInPart: {
    from: ["refunding"],
    to: "completed",
    by: "provider",
    refusal: "This order can no longer be refunded.",
  },
  /**
   * A refund made at the provider, not by us (Stripe's dashboard, a dispute): the money is back,
   * whatever the order said. A laptop already handed over leaves the catalogue rather than going back on sale.
   */
  providerRefund: {
    from: ["paid", "handed_over", "disputed", "refunding", "completed"],
    to: "refunded",
    by: "provider",
    refusal: "This order can no longer be refunded.",
  },
  /** The seller met the buyer and gave them the laptop: the buyer protection window starts. */
  handOver: {
    from: ["paid"],
    to: "handed_over",
    by: "seller",
    refusal: "Only a paid order can be marked as handed over.",
  },
  /** The seller posted the laptop, with its carrier and tracking number. */
  ship: { from: ["paid"], to: "handed_over", by: "seller", refusal: "Only a paid order can be marked as shipped." },
  /**
   * The buyer has the laptop ("I received it"): handed over if the seller had not said so, and for a shipped
   * order the protection window counts from now.
   */
  confirmReceipt: {
    from: ["paid", "handed_over"],
    to: "handed_over",
    by: "buyer",
    refusal: "Only a paid order can be marked as received.",
  },
  /** The buyer says everything is fine: the sale is final at once, before the window ends. */
  accept: {
    from: ["handed_over"],
    to: "completed",
    by: "buyer",
    refusal: "Only a laptop you have received can be accepted.",
  },
  /** The buyer protection window ended with no problem reported: the sale is final. */
  complete: {
    from: ["handed_over"],
    to: "completed",
    by: "system",
    refusal: "This order is not in its protection window.",
  },
  /** The buyer reports a problem within the protection window: the money waits for an admin's decision. */
  report: {
    from: ["handed_over"],
    to: "disputed",
    by: "buyer",
    refusal: "A problem can be reported only while the buyer protection window is open.",
  },
  /** An admin decides a dispute for the buyer: the whole charge goes back. */
  refundDispute: {
    from: ["disputed"],
    to: "refunding",
    by: "admin",
    refusal: "This dispute has already been decided.",
  },
  /** An admin decides a dispute in part: an amount (at most the charge) goes back, the sale stands. */
  refundDisputeInPart: {
    from: ["disputed"],
    to: "refunding",
    by: "admin",
    refusal: "This dispute has already been decided.",
  },
  /** An admin decides a dispute for the seller: the sale is final. */
  release: { from: ["disputed"], to: "completed", by: "admin", refusal: "This dispute has already been decided." },
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
  /** Nobody paid within BOOKING_HOURS of booking: the booking ends and holds the laptop no more. */
  lapse: { from: ["booked"], to: "closed", by: "system", refusal: "This booking is no longer waiting for payment." },
  /** The laptop left the catalogue (its seller deleted it, or an admin removed it or its seller) before anyone paid. */
  withdraw: { from: ["booked", "paying"], to: "withdrawn", by: "system", refusal: NO_LONGER_FOR_SALE },
} as const satisfies Record<
  string,
  {
    from: readonly OrderStatus[];
    to: OrderStatus;
    by: "buyer" | "seller" | "admin" | "system" | "provider";
    refusal: string;
  }
>;

export type Transition = keyof typeof TRANSITIONS;

/**
 * Who moves an order: its buyer or its laptop's seller (by their account id, checked against the order's), an
 * admin deciding a dispute (their role checked by the verb), the payment provider's answer, or ReLaptop itself
 * (a sale or a withdrawal ending other bookings, a deadline).
 */
export type OrderActor =
  | { kind: "buyer"; id: string }
  | { kind: "seller"; id: string }
  | { kind: "admin"; id: string }
  | { kind: "provider" }
  | { kind: "system" };

export function canTransition(status: OrderStatus, transition: Transition): boolean {
  return (TRANSITIONS[transition].from as readonly OrderStatus[]).includes(status);
}

/** Orders whose laptop is sold to their buyer (paid, handed over, disputed, being refunded, or final). */
export const SALE_STATUSES: readonly OrderStatus[] = ["paid", "handed_over", "disputed", "refunding", "completed"];

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
  // An admin's role is checked by the verb that decides (core/disputes); a buyer or seller is never one here.
  return true;
}
