import type { Tx } from "../../db/client.ts";
import type { orders } from "../../db/schema/index.ts";
import { totalCents } from "../../schemas/delivery.ts";
import type { DisputeDecision } from "../../schemas/values.ts";
import { type KindedNotice, notifyEach } from "../notifications/index.ts";
import { saleNow } from "./deadlines.ts";
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
  Partial<Pick<typeof orders.$inferSelect, "carrier" | "trackingNumber">> & {
    /** What a dispute's decision returns to the buyer (core/disputes/decide.ts). */
    refundCents?: number | null;
    /** ReLaptop's fee, fixed when the order was paid. */
    feeCents?: number | null;
  };

/** What the seller receives of the charge, after ReLaptop's fee. */
const receives = (o: OrderFacts) =>
  o.feeCents === null || o.feeCents === undefined ? {} : { receivesCents: totalCents(o) - o.feeCents };

/** What the transition itself adds: a note written for people (a reason), and the order's new deadline. */
interface Moved {
  note?: string;
  deadlineAt?: Date | null;
}

const facts = (o: OrderFacts) => ({
  orderId: o.id,
  orderNumber: o.number,
  productName: o.productName,
  // What the buyer pays and the seller is paid: the laptop and its shipping.
  priceCents: totalCents(o),
});

const both = (o: OrderFacts) => [
  { recipientId: o.buyerId, to: "buyer" as const },
  { recipientId: o.sellerId, to: "seller" as const },
];

/**
 * Who is told about each order transition, in its transaction (core/notifications: the texts are in
 * kinds.ts). Transitions the person who made them sees happen (start paying, a declined card, asking
 * for a refund) tell nobody; the refund itself does. Each returns its notices, so that many orders moved at
 * once (a sale closing bookings, the deadlines job) tell everyone in two statements.
 */
const TELLS: Record<Transition, ((o: OrderFacts, moved: Moved) => KindedNotice[]) | null> = {
  book: (o) => [
    {
      kind: "order.booked",
      recipientId: o.sellerId,
      params: { ...facts(o), buyerName: o.buyerName, meetingLocation: o.meetingLocation },
    },
  ],
  startPayment: null,
  pay: (o) => [
    { kind: "order.paid", recipientId: o.sellerId, params: { ...facts(o), buyerName: o.buyerName } },
    {
      kind: "order.receipt",
      recipientId: o.buyerId,
      params: { ...facts(o), shippingCents: o.shippingCents, paidAt: saleNow().toISOString() },
    },
  ],
  paymentFailed: null,
  cancel: (o) => cancelled(o, false),
  cancelPaid: null,
  expireHandover: (o) =>
    both(o).map(({ recipientId, to }) => ({
      kind: "order.expired",
      recipientId,
      params: { ...facts(o), what: "handover", to },
    })),
  refund: (o) => cancelled(o, true),
  refundInPart: null,
  providerRefund: (o) => cancelled(o, true),
  handOver: (o, { deadlineAt }) => handedOver(o, "buyer", deadlineAt),
  ship: (o) => [
    {
      kind: "order.shipped",
      recipientId: o.buyerId,
      params: { ...facts(o), carrier: o.carrier ?? "", trackingNumber: o.trackingNumber ?? "" },
    },
  ],
  confirmReceipt: (o, { deadlineAt }) => handedOver(o, "seller", deadlineAt),
  accept: (o) => [
    { kind: "order.completed", recipientId: o.sellerId, params: { ...facts(o), ...receives(o), how: "accepted" } },
  ],
  complete: (o) => [
    { kind: "order.completed", recipientId: o.sellerId, params: { ...facts(o), ...receives(o), how: "windowEnded" } },
  ],
  report: (o, { note }) => [
    { kind: "dispute.opened", recipientId: o.sellerId, params: { ...facts(o), reason: note ?? "" } },
  ],
  refundDispute: (o, { note }) => decided(o, "refund", note),
  refundDisputeInPart: (o, { note }) => decided(o, "partial_refund", note),
  release: (o, { note }) => decided(o, "release", note),
  decline: (o, { note }) => [
    { kind: "order.declined", recipientId: o.buyerId, params: { ...facts(o), reason: note ?? "" } },
  ],
  close: (o) => bookingEnded(o, "sold"),
  // The buyer is told; the seller sees it in My Sales (a booking nobody paid for is no news to act on).
  lapse: (o) => [
    { kind: "order.expired", recipientId: o.buyerId, params: { ...facts(o), what: "booking", to: "buyer" } },
  ],
  withdraw: (o) => bookingEnded(o, "withdrawn"),
};

const cancelled = (o: OrderFacts, refunded: boolean): KindedNotice[] =>
  both(o).map(({ recipientId, to }) => ({
    kind: "order.cancelled",
    recipientId,
    params: { ...facts(o), refunded, to },
  }));

const bookingEnded = (o: OrderFacts, reason: "sold" | "withdrawn"): KindedNotice[] => [
  { kind: "order.bookingEnded", recipientId: o.buyerId, params: { ...facts(o), advertId: o.advertId, reason } },
];

/** The other person learns the laptop reached its buyer, and until when a problem can be reported. */
const handedOver = (o: OrderFacts, to: "buyer" | "seller", deadlineAt: Date | null | undefined): KindedNotice[] =>
  deadlineAt
    ? [
        {
          kind: "order.handedOver",
          recipientId: to === "buyer" ? o.buyerId : o.sellerId,
          params: { ...facts(o), to, protectionEndsAt: deadlineAt.toISOString() },
        },
      ]
    : [];

/**
 * An admin decided the order's dispute: both people read the decision, the amount going back (the decision's
 * own, passed with the order: core/disputes/decide.ts) and the admin's reason.
 */
const decided = (o: OrderFacts, decision: DisputeDecision, reason = ""): KindedNotice[] => {
  const refundCents = decision === "release" ? null : (o.refundCents ?? null);
  return both(o).map(({ recipientId, to }) => ({
    kind: "dispute.decided",
    recipientId,
    params: { ...facts(o), decision, refundCents, reason, to },
  }));
};

/** Tells whoever the transition concerns (with its note, when it is written for them); call in its transaction. */
export async function tellAbout(tx: Tx, order: OrderFacts, transition: Transition, moved: Moved = {}) {
  await tellAboutEach(tx, [order], transition, moved);
}

/** The same for many orders moved by one transition at once: every notice in two statements. */
export async function tellAboutEach(tx: Tx, moved: OrderFacts[], transition: Transition, how: Moved = {}) {
  const tell = TELLS[transition];
  if (tell)
    await notifyEach(
      tx,
      moved.flatMap((o) => tell(o, how)),
    );
}
