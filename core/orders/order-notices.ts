import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { type orders, payments } from "../../db/schema.ts";
import type { DisputeDecision } from "../../schemas/values.ts";
import { notify, notifyAll, notifyEach } from "../notifications/index.ts";
import type { Transition } from "./order-states.ts";

/** What a notice about an order needs to say: copied onto the order at booking, its seller included. */
export type OrderFacts = Pick<
  typeof orders.$inferSelect,
  "id" | "number" | "advertId" | "buyerId" | "sellerId" | "buyerName" | "meetingLocation" | "priceCents" | "productName"
>;

const facts = (o: OrderFacts) => ({
  orderId: o.id,
  orderNumber: o.number,
  productName: o.productName,
  priceCents: o.priceCents,
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
      { kind: "order.receipt", recipientId: o.buyerId, params: { ...facts(o), paidAt: new Date().toISOString() } },
    ]),
  paymentFailed: null,
  cancel: (tx, o) => tellBoth(tx, o, false),
  cancelPaid: null,
  expireHandover: null,
  refund: (tx, o) => tellBoth(tx, o, true),
  refundInPart: null,
  providerRefund: (tx, o) => tellBoth(tx, o, true),
  handOver: null,
  ship: null,
  confirmReceipt: null,
  accept: (tx, o) => notify(tx, "order.completed", { recipientId: o.sellerId, params: facts(o) }),
  complete: (tx, o) => notify(tx, "order.completed", { recipientId: o.sellerId, params: facts(o) }),
  report: (tx, o, reason) =>
    notify(tx, "dispute.opened", { recipientId: o.sellerId, params: { ...facts(o), reason: reason ?? "" } }),
  refundDispute: (tx, o, reason) => tellDecision(tx, o, "refund", reason),
  refundDisputeInPart: (tx, o, reason) => tellDecision(tx, o, "partial_refund", reason),
  release: (tx, o, reason) => tellDecision(tx, o, "release", reason),
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

/**
 * An admin decided the order's dispute: both people read the decision, the amount going back (set on the
 * payment by the decision, before this transition) and the admin's reason.
 */
async function tellDecision(tx: Tx, o: OrderFacts, decision: DisputeDecision, reason = "") {
  const [payment] = await tx
    .select({ refundCents: payments.refundCents })
    .from(payments)
    .where(eq(payments.orderId, o.id));
  const refundCents = decision === "release" ? null : (payment?.refundCents ?? null);
  await notifyAll(tx, "dispute.decided", [
    { recipientId: o.buyerId, params: { ...facts(o), decision, refundCents, reason, to: "buyer" } },
    { recipientId: o.sellerId, params: { ...facts(o), decision, refundCents, reason, to: "seller" } },
  ]);
}

/** Tells whoever the transition concerns (with its note, when it is written for them); call in its transaction. */
export async function tellAbout(tx: Tx, order: OrderFacts, transition: Transition, note?: string) {
  await TELLS[transition]?.(tx, order, note);
}
