import type { Tx } from "../../db/client.ts";
import type { orders } from "../../db/schema.ts";
import { totalCents } from "../../schemas/delivery.ts";
import { notify, notifyAll, notifyEach } from "../notifications/index.ts";
import type { Transition } from "./order-states.ts";

/** What a notice about an order needs to say: copied onto the order at booking, its seller included. */
export type OrderFacts = Pick<
  typeof orders.$inferSelect,
  | "id"
  | "number"
  | "advertId"
  | "buyerId"
  | "sellerId"
  | "buyerName"
  | "meetingLocation"
  | "priceCents"
  | "shippingCents"
  | "productName"
> &
  // A shipped order's tracking, once the seller has given it.
  Partial<Pick<typeof orders.$inferSelect, "carrier" | "trackingNumber">>;

const facts = (o: OrderFacts) => ({
  orderId: o.id,
  orderNumber: o.number,
  productName: o.productName,
  // What the buyer pays and the seller is paid: the laptop and its shipping.
  priceCents: totalCents(o),
});

/**
 * Who is told about each order transition, in its transaction (core/notifications: the texts are in
 * kinds.ts). Transitions the person who made them sees happen (start paying, a declined card, asking
 * for a refund) tell nobody; the refund itself does.
 */
const TELLS: Record<Transition, ((tx: Tx, o: OrderFacts, note?: string) => Promise<void>) | null> = {
  book: (tx, o) =>
    notify(tx, "order.booked", {
      recipientId: o.sellerId,
      params: { ...facts(o), buyerName: o.buyerName, meetingLocation: o.meetingLocation },
    }),
  startPayment: null,
  pay: (tx, o) =>
    notifyEach(tx, [
      {
        kind: "order.paid",
        recipientId: o.sellerId,
        params: { ...facts(o), buyerName: o.buyerName },
      },
      {
        kind: "order.receipt",
        recipientId: o.buyerId,
        params: { ...facts(o), shippingCents: o.shippingCents, paidAt: new Date().toISOString() },
      },
    ]),
  paymentFailed: null,
  cancel: (tx, o) => tellBoth(tx, o, false),
  cancelPaid: null,
  expireHandover: null,
  refund: (tx, o) => tellBoth(tx, o, true),
  refundInPart: null,
  providerRefund: (tx, o) => tellBoth(tx, o, true),
  handOver: null,
  ship: (tx, o) =>
    notify(tx, "order.shipped", {
      recipientId: o.buyerId,
      params: { ...facts(o), carrier: o.carrier ?? "", trackingNumber: o.trackingNumber ?? "" },
    }),
  confirmReceipt: null,
  accept: (tx, o) => notify(tx, "order.completed", { recipientId: o.sellerId, params: facts(o) }),
  complete: (tx, o) => notify(tx, "order.completed", { recipientId: o.sellerId, params: facts(o) }),
  report: null,
  refundDispute: null,
  refundDisputeInPart: null,
  release: null,
  lapse: null,
  decline: (tx, o, reason) =>
    notify(tx, "order.declined", { recipientId: o.buyerId, params: { ...facts(o), reason: reason ?? "" } }),
  close: (tx, o) =>
    notify(tx, "order.bookingEnded", {
      recipientId: o.buyerId,
      params: { ...facts(o), advertId: o.advertId, reason: "sold" },
    }),
  withdraw: (tx, o) =>
    notify(tx, "order.bookingEnded", {
      recipientId: o.buyerId,
      params: { ...facts(o), advertId: o.advertId, reason: "withdrawn" },
    }),
};

async function tellBoth(tx: Tx, o: OrderFacts, refunded: boolean) {
  await notifyAll(tx, "order.cancelled", [
    { recipientId: o.buyerId, params: { ...facts(o), refunded, to: "buyer" } },
    { recipientId: o.sellerId, params: { ...facts(o), refunded, to: "seller" } },
  ]);
}

/** Tells whoever the transition concerns (with its note, when it is written for them); call in its transaction. */
export async function tellAbout(tx: Tx, order: OrderFacts, transition: Transition, note?: string) {
  await TELLS[transition]?.(tx, order, note);
}
