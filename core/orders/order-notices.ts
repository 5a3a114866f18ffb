import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { adverts, type orders } from "../../db/schema.ts";
import { notify, notifyAll, notifyEach } from "../notifications/index.ts";
import type { Transition } from "./order-states.ts";

/**
 * What a notice about an order needs to say: copied onto the order at booking. The seller when the caller
 * has the advert in hand (booking, a locked order); otherwise it is read.
 */
export type OrderFacts = Pick<
  typeof orders.$inferSelect,
  "id" | "advertId" | "buyerId" | "buyerName" | "meetingLocation" | "priceCents" | "productName"
> & { sellerId?: string };

const sellerOf = async (tx: Tx, o: OrderFacts) => {
  if (o.sellerId) return o.sellerId;
  const [advert] = await tx.select({ sellerId: adverts.sellerId }).from(adverts).where(eq(adverts.id, o.advertId));
  if (!advert) throw new Error(`advert ${o.advertId} vanished`);
  return advert.sellerId;
};

const facts = (o: OrderFacts) => ({ orderId: o.id, productName: o.productName, priceCents: o.priceCents });

/**
 * Who is told about each order transition, in its transaction (core/notifications: the texts are in
 * kinds.ts). Transitions the person who made them sees happen (start paying, a declined card, asking
 * for a refund) tell nobody; the refund itself does.
 */
const TELLS: Record<Transition, ((tx: Tx, o: OrderFacts) => Promise<void>) | null> = {
  book: async (tx, o) =>
    notify(tx, "order.booked", {
      recipientId: await sellerOf(tx, o),
      params: { ...facts(o), buyerName: o.buyerName, meetingLocation: o.meetingLocation },
    }),
  startPayment: null,
  pay: async (tx, o) =>
    notifyEach(tx, [
      {
        kind: "order.paid",
        recipientId: await sellerOf(tx, o),
        params: { ...facts(o), buyerName: o.buyerName },
      },
      { kind: "order.receipt", recipientId: o.buyerId, params: { ...facts(o), paidAt: new Date().toISOString() } },
    ]),
  paymentFailed: null,
  cancel: (tx, o) => tellBoth(tx, o, false),
  cancelPaid: null,
  refund: (tx, o) => tellBoth(tx, o, true),
  providerRefund: (tx, o) => tellBoth(tx, o, true),
  confirmReceipt: async (tx, o) =>
    notify(tx, "order.completed", { recipientId: await sellerOf(tx, o), params: facts(o) }),
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
    { recipientId: await sellerOf(tx, o), params: { ...facts(o), refunded, to: "seller" } },
  ]);
}

/** Tells whoever the transition concerns; call in the transaction that made it. */
export async function tellAbout(tx: Tx, order: OrderFacts, transition: Transition) {
  await TELLS[transition]?.(tx, order);
}
