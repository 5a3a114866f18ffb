import { asc, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { orderEvents, users } from "../../db/schema/index.ts";
import type { OrderActions } from "../../schemas/sales.ts";
import type { DeliveryMethod } from "../../schemas/values.ts";
import { canTransition, type OrderStatus, TRANSITIONS, type Transition } from "./order-states.ts";

/** What each transition reads as on an order's page, said of whoever made it. */
const HAPPENED: Record<Transition, string> = {
  book: "Booked the laptop",
  startPayment: "Started paying",
  pay: "Payment received",
  paymentFailed: "The payment did not go through",
  cancel: "Cancelled the booking",
  cancelPaid: "Cancelled the order and asked for a refund",
  expireHandover: "Not handed over in time: the payment is being returned",
  refund: "Refunded in full",
  refundInPart: "Refunded in part",
  providerRefund: "Refunded at the payment provider",
  handOver: "Handed the laptop over",
  ship: "Shipped the laptop",
  confirmReceipt: "Received the laptop",
  accept: "Said everything is fine",
  complete: "The buyer protection window ended: the sale is final",
  report: "Reported a problem",
  refundDispute: "Decided the dispute: a full refund",
  refundDisputeInPart: "Decided the dispute: a partial refund",
  release: "Decided the dispute: the sale stands",
  decline: "Declined the booking",
  close: "Booking ended: another buyer paid first",
  lapse: "Booking ended: it was not paid in time",
  withdraw: "Booking ended: the laptop is no longer for sale",
};

/** Who made a transition nobody signed in for. */
const NOBODY = { provider: "The payment provider", system: "ReLaptop" } as const;

/**
 * The notes written for the people of the order (a seller's reason to decline, what a reported problem is, an
 * admin's reason for a dispute's decision). Other notes are for us: a refund's id at the provider, which sale
 * closed a booking.
 */
const NOTE_FOR_PEOPLE: ReadonlySet<Transition> = new Set([
  "decline",
  "report",
  "refundDispute",
  "refundDisputeInPart",
  "release",
]);

const isTransition = (name: string): name is Transition => name in TRANSITIONS;

/** Every event of the order, oldest first: when, who, what happened, and its note when it is theirs to read. */
export async function orderTimeline(q: Db | Tx, orderId: string) {
  return (await orderTimelines(q, [orderId])).get(orderId) ?? [];
}

/** The timelines of many orders in one query (a page of disputes), by order. */
export async function orderTimelines(q: Db | Tx, orderIds: string[]) {
  const timelines = new Map<string, { at: string; who: string; what: string; note: string | null }[]>();
  if (orderIds.length === 0) return timelines;
  const rows = await q
    .select({
      orderId: orderEvents.orderId,
      at: orderEvents.at,
      transition: orderEvents.transition,
      note: orderEvents.note,
      name: users.name,
    })
    .from(orderEvents)
    .leftJoin(users, eq(users.id, orderEvents.actorId))
    .where(inArray(orderEvents.orderId, orderIds))
    .orderBy(asc(orderEvents.at), asc(orderEvents.id));
  for (const { orderId, at, transition, note, name } of rows) {
    const by = isTransition(transition) ? TRANSITIONS[transition].by : "system";
    const events = timelines.get(orderId) ?? [];
    events.push({
      at: at.toISOString(),
      who: name ?? (by === "provider" ? NOBODY.provider : NOBODY.system),
      what: isTransition(transition) ? HAPPENED[transition] : transition,
      note: isTransition(transition) && NOTE_FOR_PEOPLE.has(transition) ? note : null,
    });
    timelines.set(orderId, events);
  }
  return timelines;
}

/** What the actions depend on besides the status: a parcel is received by its buyer after it is shipped. */
export interface OrderForActions {
  status: OrderStatus;
  delivery?: DeliveryMethod;
  receivedAt?: Date | string | null;
}

/**
 * What this viewer may do about an order now, from the order state table: its buyer pays, cancels, says they
 * received it (a paid order, or a parcel on its way), that everything is fine or that something is wrong
 * (within the protection window); its seller declines a booking, marks a paid meet-up handed over or ships an
 * order to be shipped; anyone else (an admin) reads.
 */
export function actionsFor(viewer: "buyer" | "seller" | "reader", order: OrderForActions): OrderActions {
  const { status } = order;
  const buyer = viewer === "buyer";
  const seller = viewer === "seller";
  const parcelOnItsWay = status === "handed_over" && order.delivery === "ship" && !order.receivedAt;
  return {
    pay: buyer && canTransition(status, "startPayment"),
    cancel: buyer && canTransition(status, "cancel"),
    cancelAndRefund: buyer && canTransition(status, "cancelPaid"),
    confirmReceipt: buyer && (status === "paid" || parcelOnItsWay),
    accept: buyer && canTransition(status, "accept"),
    reportProblem: buyer && canTransition(status, "report"),
    decline: seller && canTransition(status, "decline"),
    handOver: seller && order.delivery !== "ship" && canTransition(status, "handOver"),
    ship: seller && order.delivery === "ship" && canTransition(status, "ship"),
  };
}
