import { formatDateTime } from "../../schemas/dates.ts";
import { trackingUrl } from "../../schemas/delivery.ts";
import { SIGN_IN_LINK_TTL_SECONDS } from "../../schemas/login-limits.ts";
import { quotedThenStop } from "../../schemas/quoted-text.ts";
import type { DeadlineKind } from "../../schemas/sales.ts";
import { SIGN_IN_CHANGES, type SignInChange, signInChangeAdvice } from "../../schemas/sign-in-changes.ts";
import { formatMoney } from "./format.ts";

/**
 * Every kind of notification, in one table: who is told, what they read in the app (title, body and the
 * page of its subject), and what the email says. A new kind ("new message", "price drop", "saved search
 * match") is a new entry here and a `notify(tx, kind, …)` call in the transaction that causes it —
 * nothing else.
 *
 * `email`: "optional" kinds are sent by email unless the person turned that kind off (on by default, one
 * click to unsubscribe in every email); "always" kinds are the account's own emails (password reset,
 * email verification), sent whatever the preferences and never shown in the app; "never" kinds are shown
 * in the app only, because their email is another kind (a saved search's matches are emailed together,
 * at most hourly).
 */

/** The person told, as the notice is written (links to their own pages need their email). */
export interface Recipient {
  id: string;
  name: string;
  email: string;
}

/** What an email says, in parts; core/notifications/email-layout.ts renders them as HTML and as text. */
export interface EmailParts {
  subject: string;
  heading: string;
  paragraphs: string[];
  /** Label and value rows (a receipt). */
  facts?: [label: string, value: string][];
  /**
   * A list of links on this site (the laptops an alert lists), each with a line of detail — or a parcel's
   * tracking page at its carrier (schemas/delivery.ts: CARRIER_ORIGINS).
   */
  links?: { label: string; detail: string; href: string }[];
  /** The one button: a path on this site, or an absolute URL on it (a reset link). */
  action?: { label: string; href: string };
}

export interface InAppNotice {
  title: string;
  body: string;
  /** A path on this site: the page of the notification's subject. */
  link: string;
}

export type SubjectType = "order" | "advert" | "account" | "conversation";

export type KindAudience = "sellers" | "buyers";

interface KindDefinition<P> {
  /** Who receives it (the preferences page shows `label`). */
  who: string;
  label: string;
  subject: SubjectType;
  /**
   * Who can be told it at all, for the email choices on /profile: sellers (of their laptops), buyers (their
   * orders and saved laptops: everyone but admins), or — absent — anyone.
   */
  audience?: KindAudience;
  email: "optional" | "always" | "never";
  /** In the app; absent for the account emails. */
  inApp?: (p: P, to: Recipient) => InAppNotice;
  /** The email; absent for the "never" kinds. */
  mail?: (p: P, to: Recipient) => EmailParts;
}

const kind = <P>(definition: KindDefinition<P>) => definition;

/** The pages a notification links to. */
export const LINKS = {
  myOrders: "/dashboard/my/orders",
  /** An order's own page: its buyer, its seller and admins read it (core/orders/read-order.ts). */
  order: (orderId: string) => `/dashboard/orders/${orderId}`,
  myProducts: (to: Recipient) => `/dashboard/adds/${encodeURIComponent(to.email)}`,
  laptop: (advertId: string) => `/laptops/${advertId}`,
  editAdvert: (advertId: string) => `/dashboard/post/edit/${advertId}`,
  sellerReviews: (sellerId: string) => `/sellers/${encodeURIComponent(sellerId)}#reviews`,
  conversation: (conversationId: string) => `/dashboard/messages/${conversationId}`,
  profile: "/profile",
  /** The profile's "Download my data" section. */
  dataExport: "/profile#data-export",
  savedSearches: "/dashboard/saved-searches",
  savedSearchMatches: "/dashboard/saved-searches/matches",
  payouts: "/dashboard/payouts",
};

/**
 * The number people quote for the order ("RL-7F3K2Q", set at booking). Emails queued before orders had numbers
 * carry none: they name the order as they did then, by the first block of its id.
 */
export const orderNumber = (p: { orderId: string; orderNumber?: string }) =>
  p.orderNumber ?? p.orderId.slice(0, 8).toUpperCase();

interface MatchedLaptop {
  advertId: string;
  productName: string;
  priceCents: number;
}

/** The laptops a saved-search email lists: each a link to its page. */
const laptopLinks = (laptops: (MatchedLaptop & { searchName?: string })[]) =>
  laptops.map((l) => ({
    label: l.productName,
    detail: l.searchName ? `${formatMoney(l.priceCents)} · for “${l.searchName}”` : formatMoney(l.priceCents),
    href: LINKS.laptop(l.advertId),
  }));

interface OrderParams {
  orderId: string;
  orderNumber: string;
  productName: string;
  /** What the buyer pays: the laptop and, for a shipped one, its shipping (core/orders/order-notices.ts). */
  priceCents: number;
}

/** What the seller receives of a sale (after ReLaptop's fee), and where it goes. */
const released = (p: { priceCents: number; receivesCents?: number }) =>
  p.receivesCents === undefined
    ? `${formatMoney(p.priceCents)} is released to you.`
    : `${formatMoney(p.receivesCents)} is released to you, after ReLaptop's fee: it is paid out to your payout account (set one up on Payouts if you have not).`;

const completedHow = (how: "accepted" | "windowEnded") =>
  how === "accepted"
    ? "The buyer said everything is fine: the sale is final"
    : "The buyer protection window ended with no problem reported: the sale is final";

const expiredText = (p: { what: "booking" | "handover"; to: "buyer" | "seller"; priceCents: number }) =>
  p.what === "booking"
    ? "Your booking ended: it was not paid in time. Nothing was charged."
    : p.to === "buyer"
      ? `The laptop was not handed over in time, so the order is cancelled: your ${formatMoney(p.priceCents)} is being refunded.`
      : "The laptop was not handed over in time, so the order is cancelled and the buyer refunded.";

const reminderText = (p: { what: DeadlineKind; deadlineAt: string }) => {
  const by = formatDateTime(p.deadlineAt);
  return {
    bookingEnds: `your booking ends at ${by} unless you pay for it.`,
    handoverDue: `hand the laptop over by ${by} and mark it on the order's page, or the order is cancelled and the buyer refunded.`,
    protectionEnds: `buyer protection ends at ${by}. If something is wrong with the laptop, report a problem before then; then the sale is final.`,
  }[p.what];
};

/** How the buyer wants the laptop: where they meet, or shipped (the address is on the order's page once paid). */
const wantsIt = (meetingLocation: string | null) =>
  meetingLocation ? `would like to meet at ${meetingLocation}` : "would like it shipped";

/** A dispute's decision, said to the buyer or to the seller. */
function decisionSentence(p: {
  decision: "refund" | "partial_refund" | "release";
  refundCents: number | null;
  to: "buyer" | "seller";
}) {
  const amount = formatMoney(p.refundCents ?? 0);
  if (p.decision === "release") {
    return p.to === "buyer"
      ? "The sale stands: nothing is refunded."
      : "The sale stands: the payment is released to you.";
  }
  if (p.decision === "refund") {
    return p.to === "buyer" ? `Your ${amount} is refunded in full.` : `The buyer is refunded in full (${amount}).`;
  }
  return p.to === "buyer"
    ? `${amount} is refunded to you; the sale stands.`
    : `${amount} is refunded to the buyer; the rest of the payment is released to you.`;
}

export const KINDS = {
  /** A buyer booked one of the seller's laptops (orders: book). */
  "order.booked": kind<OrderParams & { buyerName: string; meetingLocation: string | null }>({
    who: "the laptop's seller",
    label: "A buyer books one of your laptops",
    subject: "order",
    audience: "sellers",
    email: "optional",
    inApp: (p) => ({
      title: `${p.productName} was booked`,
      body: `${p.buyerName} booked it for ${formatMoney(p.priceCents)} and ${wantsIt(p.meetingLocation)}. Order ${orderNumber(p)}.`,
      link: LINKS.order(p.orderId),
    }),
    mail: (p) => ({
      subject: `Your laptop was booked: ${p.productName}`,
      heading: "Your laptop was booked",
      paragraphs: [
        `${p.buyerName} booked ${p.productName} for ${formatMoney(p.priceCents)} (order ${orderNumber(p)}).`,
        `They ${wantsIt(p.meetingLocation)}. The order's page has their phone number. You will hear from us again when they pay.`,
      ],
      action: { label: "See the order", href: LINKS.order(p.orderId) },
    }),
  }),

  /** The buyer paid (payments: record). */
  "order.paid": kind<OrderParams & { buyerName: string }>({
    who: "the laptop's seller",
    label: "A buyer pays for one of your laptops",
    subject: "order",
    audience: "sellers",
    email: "optional",
    inApp: (p) => ({
      title: `${p.productName} was paid for`,
      body: `${p.buyerName} paid ${formatMoney(p.priceCents)} (order ${orderNumber(p)}). The money is released to you when they confirm receipt.`,
      link: LINKS.order(p.orderId),
    }),
    mail: (p) => ({
      subject: `Sold: ${p.productName}`,
      heading: "Your laptop is sold",
      paragraphs: [
        `${p.buyerName} paid ${formatMoney(p.priceCents)} for ${p.productName} (order ${orderNumber(p)}).`,
        "Hand it over as agreed. The money is released to you when the buyer confirms receipt.",
      ],
      action: { label: "See the order", href: LINKS.order(p.orderId) },
    }),
  }),

  /** The buyer's receipt (payments: record). */
  "order.receipt": kind<OrderParams & { paidAt: string; shippingCents?: number }>({
    who: "the buyer",
    label: "Receipts for your payments",
    subject: "order",
    audience: "buyers",
    email: "optional",
    inApp: (p) => ({
      title: `Receipt: ${p.productName}`,
      // No date: the notice shows its own time, in the reader's zone (an email, which cannot, says the date).
      body: `You paid ${formatMoney(p.priceCents)}. Order ${orderNumber(p)}.`,
      link: LINKS.order(p.orderId),
    }),
    mail: (p) => ({
      subject: `Your receipt for ${p.productName}`,
      heading: "Thank you for your payment",
      paragraphs: ["Here is your receipt. Confirm receipt on the order's page once you have the laptop."],
      facts: [
        ["Order number", orderNumber(p)],
        ["Laptop", p.productName],
        ["Amount", formatMoney(p.priceCents)],
        // The amount is the total; a shipped laptop's receipt says what of it is shipping.
        ...(p.shippingCents ? [["Of which shipping", formatMoney(p.shippingCents)] as [string, string]] : []),
        ["Date", formatDateTime(p.paidAt)],
      ],
      action: { label: "See the order", href: LINKS.order(p.orderId) },
    }),
  }),

  /** The seller posted the laptop, with its carrier and tracking number (orders: ship). */
  "order.shipped": kind<OrderParams & { carrier: string; trackingNumber: string }>({
    who: "the buyer",
    label: "A seller ships a laptop to you",
    subject: "order",
    audience: "buyers",
    email: "optional",
    inApp: (p) => ({
      title: `Shipped: ${p.productName}`,
      body: `The seller sent it with ${p.carrier}, tracking number ${p.trackingNumber}. Order ${orderNumber(p)}.`,
      link: LINKS.order(p.orderId),
    }),
    mail: (p) => {
      const tracking = trackingUrl(p.carrier, p.trackingNumber);
      return {
        subject: `Your laptop is on its way: ${p.productName}`,
        heading: "Your laptop is on its way",
        paragraphs: [
          `The seller shipped ${p.productName} (order ${orderNumber(p)}).`,
          "Once it arrives, say so on the order's page: I received it.",
        ],
        facts: [
          ["Carrier", p.carrier],
          ["Tracking number", p.trackingNumber],
        ],
        // Only a carrier we know has a tracking page to link to; any other is named, as the seller typed it.
        ...(tracking && {
          links: [{ label: "Track the parcel", detail: `${p.carrier} ${p.trackingNumber}`, href: tracking }],
        }),
        action: { label: "See the order", href: LINKS.order(p.orderId) },
      };
    },
  }),

  /** A booking was cancelled, or a paid order refunded (orders: cancel, refund, providerRefund). */
  "order.cancelled": kind<OrderParams & { refunded: boolean; to: "buyer" | "seller" }>({
    who: "the buyer and the seller",
    label: "An order is cancelled or refunded",
    subject: "order",
    audience: "buyers",
    email: "optional",
    inApp: (p) => ({
      title: p.refunded ? `Refunded: ${p.productName}` : `Booking cancelled: ${p.productName}`,
      body: `${
        p.to === "buyer"
          ? p.refunded
            ? `${formatMoney(p.priceCents)} was refunded to you.`
            : "Your booking was cancelled. Nothing was charged."
          : p.refunded
            ? `The buyer's ${formatMoney(p.priceCents)} was refunded.`
            : "The buyer cancelled their booking."
      } Order ${orderNumber(p)}.`,
      link: LINKS.order(p.orderId),
    }),
    mail: (p) => ({
      subject: p.refunded ? `Refunded: ${p.productName}` : `Booking cancelled: ${p.productName}`,
      heading: p.refunded ? "The order was refunded" : "The booking was cancelled",
      paragraphs:
        p.to === "buyer"
          ? [
              p.refunded
                ? `${formatMoney(p.priceCents)} for ${p.productName} (order ${orderNumber(p)}) was refunded to your card.`
                : `Your booking of ${p.productName} (order ${orderNumber(p)}) was cancelled. Nothing was charged.`,
            ]
          : [
              p.refunded
                ? `The order for ${p.productName} (order ${orderNumber(p)}) was refunded to its buyer.`
                : `The buyer cancelled their booking of ${p.productName} (order ${orderNumber(p)}).`,
            ],
      action: { label: "See the order", href: LINKS.order(p.orderId) },
    }),
  }),

  /** The seller declined a booking, with a reason (orders: decline). */
  "order.declined": kind<OrderParams & { reason: string }>({
    who: "the buyer",
    label: "A seller declines your booking",
    subject: "order",
    audience: "buyers",
    email: "optional",
    inApp: (p) => ({
      title: `Booking declined: ${p.productName}`,
      body: `The seller’s reason: ${quotedThenStop(p.reason)} Nothing was charged. Order ${orderNumber(p)}.`,
      link: LINKS.order(p.orderId),
    }),
    mail: (p) => ({
      subject: `Your booking was declined: ${p.productName}`,
      heading: "The seller declined your booking",
      paragraphs: [
        `The seller of ${p.productName} declined your booking (order ${orderNumber(p)}). Nothing was charged.`,
        `Their reason: “${p.reason}”`,
        "There are more laptops like it in the catalogue.",
      ],
      action: { label: "See the order", href: LINKS.order(p.orderId) },
    }),
  }),

  /** The sale is final: its buyer said everything is fine, or the protection window ended (orders: accept, complete). */
  "order.completed": kind<OrderParams & { how: "accepted" | "windowEnded"; receivesCents?: number }>({
    who: "the laptop's seller",
    label: "A sale becomes final (the money is released)",
    subject: "order",
    audience: "sellers",
    email: "optional",
    inApp: (p) => ({
      title: `Sale final: ${p.productName}`,
      body: `${completedHow(p.how)} ${released(p)} Order ${orderNumber(p)}.`,
      link: LINKS.order(p.orderId),
    }),
    mail: (p) => ({
      subject: `The money for ${p.productName} is released`,
      heading: "The sale is final",
      paragraphs: [`${completedHow(p.how)} (order ${orderNumber(p)}, ${p.productName}).`, released(p)],
      action: { label: "See your payouts", href: LINKS.payouts },
    }),
  }),

  /** A completed order's share reached the seller's payout account (core/payouts). */
  "payout.sent": kind<{ orderId: string; orderNumber: string; productName: string; amountCents: number }>({
    who: "the seller",
    label: "Money is paid out to your bank account",
    subject: "order",
    audience: "sellers",
    email: "optional",
    inApp: (p) => ({
      title: `Paid out: ${formatMoney(p.amountCents)}`,
      body: `${formatMoney(p.amountCents)} for ${p.productName} (order ${p.orderNumber}) is on its way to your bank account.`,
      link: LINKS.payouts,
    }),
    mail: (p) => ({
      subject: `${formatMoney(p.amountCents)} is paid out to you`,
      heading: "Money paid out",
      paragraphs: [
        `${formatMoney(p.amountCents)} for ${p.productName} (order ${p.orderNumber}) is on its way to your bank account.`,
      ],
      action: { label: "See your payouts", href: LINKS.payouts },
    }),
  }),

  /** A payout's transfer failed: retried, and the seller can usually fix why (core/payouts). */
  "payout.failed": kind<{
    orderId: string;
    orderNumber: string;
    productName: string;
    amountCents: number;
    reason: string;
  }>({
    who: "the seller",
    label: "A payout to you failed",
    subject: "order",
    audience: "sellers",
    email: "optional",
    inApp: (p) => ({
      title: `Payout failed: ${formatMoney(p.amountCents)}`,
      body: `${p.reason} We will try again (order ${p.orderNumber}).`,
      link: LINKS.payouts,
    }),
    mail: (p) => ({
      subject: `A payout of ${formatMoney(p.amountCents)} failed`,
      heading: "A payout failed",
      paragraphs: [
        `We could not pay out ${formatMoney(p.amountCents)} for ${p.productName} (order ${p.orderNumber}).`,
        p.reason,
        "We will try again. Your money is safe and waits for you.",
      ],
      action: { label: "See your payouts", href: LINKS.payouts },
    }),
  }),

  /** The laptop reached its buyer: the seller handed it over, or the buyer said they received it (orders). */
  "order.handedOver": kind<OrderParams & { protectionEndsAt: string; to: "buyer" | "seller" }>({
    who: "the buyer (when the seller marks it) or the seller (when the buyer says so)",
    label: "A laptop is handed over (the buyer protection window starts)",
    subject: "order",
    email: "optional",
    inApp: (p) => ({
      title: `Handed over: ${p.productName}`,
      body:
        p.to === "buyer"
          ? `The seller marked it handed over. If something is wrong with it, report a problem by ${formatDateTime(p.protectionEndsAt)}. Order ${orderNumber(p)}.`
          : `The buyer received it. Unless they report a problem by ${formatDateTime(p.protectionEndsAt)}, the sale is then final. Order ${orderNumber(p)}.`,
      link: LINKS.order(p.orderId),
    }),
    mail: (p) => ({
      subject: `Handed over: ${p.productName}`,
      heading: p.to === "buyer" ? "Enjoy your laptop" : "The buyer has the laptop",
      paragraphs:
        p.to === "buyer"
          ? [
              `The seller marked ${p.productName} (order ${orderNumber(p)}) as handed over to you.`,
              `Buyer protection: if something is wrong with it, report a problem on the order's page by ${formatDateTime(p.protectionEndsAt)}. If all is well, you can say so there and the sale is final at once.`,
            ]
          : [
              `The buyer said they received ${p.productName} (order ${orderNumber(p)}).`,
              `Unless they report a problem by ${formatDateTime(p.protectionEndsAt)}, the sale is final then and the money released to you.`,
            ],
      action: { label: "See the order", href: LINKS.order(p.orderId) },
    }),
  }),

  /** Nobody paid for a booking in time (its buyer), or a paid laptop was not handed over in time (both). */
  "order.expired": kind<OrderParams & { what: "booking" | "handover"; to: "buyer" | "seller" }>({
    who: "the buyer, and the seller of a laptop not handed over",
    label: "A booking or a sale ends because its time ran out",
    subject: "order",
    email: "optional",
    inApp: (p) => ({
      title: p.what === "booking" ? `Booking ended: ${p.productName}` : `Not handed over: ${p.productName}`,
      body: `${expiredText(p)} Order ${orderNumber(p)}.`,
      link: LINKS.order(p.orderId),
    }),
    mail: (p) => ({
      subject: p.what === "booking" ? `Booking ended: ${p.productName}` : `Order cancelled: ${p.productName}`,
      heading: p.what === "booking" ? "The booking ended" : "The laptop was not handed over in time",
      paragraphs: [`${p.productName} (order ${orderNumber(p)}): ${expiredText(p)}`],
      action: { label: "See the order", href: LINKS.order(p.orderId) },
    }),
  }),

  /** A day before an order's deadline, the person who must act (orders: reminders). */
  "order.reminder": kind<OrderParams & { what: DeadlineKind; deadlineAt: string }>({
    who: "whoever must act before an order's deadline",
    label: "A reminder a day before a booking, a handover or buyer protection ends",
    subject: "order",
    email: "optional",
    inApp: (p) => ({
      title: `Reminder: ${p.productName}`,
      body: `${reminderText(p)} Order ${orderNumber(p)}.`,
      link: LINKS.order(p.orderId),
    }),
    mail: (p) => ({
      subject: `Reminder: ${p.productName}`,
      heading: "A reminder about your order",
      paragraphs: [`${p.productName} (order ${orderNumber(p)}): ${reminderText(p)}`],
      action: { label: "See the order", href: LINKS.order(p.orderId) },
    }),
  }),

  /** A booking ended: the laptop was sold to someone else, or left the catalogue (orders: close, withdraw). */
  "order.bookingEnded": kind<OrderParams & { advertId: string; reason: "sold" | "withdrawn" }>({
    who: "the buyer whose booking ended",
    label: "A laptop you booked is sold to someone else or leaves the catalogue",
    subject: "order",
    audience: "buyers",
    email: "optional",
    inApp: (p) => ({
      title: `Booking ended: ${p.productName}`,
      body: `${
        p.reason === "sold"
          ? "Another buyer paid for this laptop first. Nothing was charged."
          : "This laptop is no longer for sale. Nothing was charged."
      } Order ${orderNumber(p)}.`,
      link: LINKS.order(p.orderId),
    }),
    mail: (p) => ({
      subject: `Your booking ended: ${p.productName}`,
      heading: "Your booking ended",
      paragraphs: [
        p.reason === "sold"
          ? `Another buyer paid for ${p.productName} first, so your booking ended (order ${orderNumber(p)}). Nothing was charged.`
          : `${p.productName} is no longer for sale, so your booking ended (order ${orderNumber(p)}). Nothing was charged.`,
        "There are more laptops like it in the catalogue.",
      ],
      action: { label: "See the order", href: LINKS.order(p.orderId) },
    }),
  }),

  /** The buyer reported a problem with a laptop they received (disputes: reportProblem). */
  "dispute.opened": kind<OrderParams & { reason: string }>({
    who: "the laptop's seller",
    label: "A buyer reports a problem with a laptop you sold",
    subject: "order",
    audience: "sellers",
    email: "optional",
    inApp: (p) => ({
      title: `Problem reported: ${p.productName}`,
      body: `The buyer reported a problem (${p.reason}) with order ${orderNumber(p)}. Answer them on the order's page; an admin decides.`,
      link: LINKS.order(p.orderId),
    }),
    mail: (p) => ({
      subject: `A problem was reported: ${p.productName}`,
      heading: "The buyer reported a problem",
      paragraphs: [
        `The buyer of ${p.productName} (order ${orderNumber(p)}) reported a problem: ${p.reason}.`,
        "Read what they wrote and answer with your side, and photos if they help, on the order's page. The payment waits until an admin decides.",
      ],
      action: { label: "See the problem", href: LINKS.order(p.orderId) },
    }),
  }),

  /** The other person wrote in a dispute's exchange (disputes: addDisputeMessage). */
  "dispute.message": kind<{ orderId: string; orderNumber: string; productName: string; from: "buyer" | "seller" }>({
    who: "the other person in a reported problem",
    label: "A new message about a problem reported on an order",
    subject: "order",
    email: "optional",
    inApp: (p) => ({
      title: `New message about the problem: ${p.productName}`,
      body: `The ${p.from} wrote about the problem reported on order ${orderNumber(p)}.`,
      link: LINKS.order(p.orderId),
    }),
    mail: (p) => ({
      subject: `New message about the problem: ${p.productName}`,
      heading: `The ${p.from} wrote about the problem`,
      paragraphs: [
        `The ${p.from} added to the exchange about ${p.productName} (order ${orderNumber(p)}). Read it on the order's page.`,
      ],
      action: { label: "Read it", href: LINKS.order(p.orderId) },
    }),
  }),

  /** An admin decided a dispute: a full or partial refund, or the sale stands (disputes: decideDispute). */
  "dispute.decided": kind<
    OrderParams & {
      decision: "refund" | "partial_refund" | "release";
      refundCents: number | null;
      reason: string;
      to: "buyer" | "seller";
    }
  >({
    who: "the buyer and the seller",
    label: "An admin decides a problem reported on an order",
    subject: "order",
    email: "optional",
    inApp: (p) => ({
      title: `Decided: ${p.productName}`,
      body: `${decisionSentence(p)} Reason: ${quotedThenStop(p.reason)} Order ${orderNumber(p)}.`,
      link: LINKS.order(p.orderId),
    }),
    mail: (p) => ({
      subject: `The problem reported on ${p.productName} is decided`,
      heading: "An admin decided",
      paragraphs: [`${decisionSentence(p)} (order ${orderNumber(p)}).`, `The admin's reason: “${p.reason}”`],
      action: { label: "See the order", href: LINKS.order(p.orderId) },
    }),
  }),

  /** The ZIP a person asked for on their profile ("Download my data") is ready (core/privacy/prepare-export.ts). */
  "account.dataExportReady": kind<{ expiresAt: string }>({
    who: "the person who asked for their data",
    label: "Your data is ready to download",
    subject: "account",
    email: "optional",
    inApp: (p) => ({
      title: "Your data is ready to download",
      body: `Download it from your profile until ${formatDateTime(p.expiresAt)}.`,
      link: LINKS.dataExport,
    }),
    mail: (p, to) => ({
      subject: "Your ReLaptop data is ready to download",
      heading: "Your data is ready",
      paragraphs: [
        `Hello ${to.name}, the copy of your data you asked for is ready: a ZIP of your account, adverts, orders, messages, reviews, favourites, saved searches, notifications and photos.`,
        `Download it from your profile, signed in, until ${formatDateTime(p.expiresAt)}. After that it is deleted; you can ask again at any time.`,
      ],
      action: { label: "Go to your profile", href: LINKS.dataExport },
    }),
  }),

  /** An admin verified the seller (moderation: setVerified). */
  "account.sellerVerified": kind<Record<string, never>>({
    who: "the seller",
    label: "An admin verifies you as a seller",
    subject: "account",
    audience: "sellers",
    email: "optional",
    inApp: () => ({
      title: "You are a verified seller",
      body: "Your adverts now carry the verified mark.",
      link: LINKS.profile,
    }),
    mail: (_p, to) => ({
      subject: "You are a verified seller on ReLaptop",
      heading: "You are verified",
      paragraphs: [
        `Good news, ${to.name}: an admin checked your account.`,
        "Your adverts now carry the verified mark.",
      ],
      action: { label: "See your profile", href: LINKS.profile },
    }),
  }),

  /** An admin removed an advert, with the reason (moderation: removeAdvert). */
  "advert.removed": kind<{ advertId: string; productName: string; reason: string }>({
    who: "the advert's seller",
    label: "An admin removes one of your adverts",
    subject: "advert",
    audience: "sellers",
    email: "optional",
    inApp: (p, to) => ({
      title: `Advert removed: ${p.productName}`,
      body: `An admin removed it: ${p.reason}`,
      link: LINKS.myProducts(to),
    }),
    mail: (p, to) => ({
      subject: `Your advert was removed: ${p.productName}`,
      heading: "An admin removed your advert",
      paragraphs: [`${p.productName} is no longer in the catalogue.`, `The reason given: ${p.reason}`],
      action: { label: "See your laptops", href: LINKS.myProducts(to) },
    }),
  }),

  /** An admin approved an advert that was held for review: it is in the catalogue now (moderation: approve). */
  "advert.approved": kind<{ advertId: string; productName: string }>({
    who: "the advert's seller",
    label: "An admin publishes an advert held for review",
    subject: "advert",
    audience: "sellers",
    email: "optional",
    inApp: (p) => ({
      title: `Advert published: ${p.productName}`,
      body: "An admin reviewed it: buyers can see it now.",
      link: LINKS.laptop(p.advertId),
    }),
    mail: (p) => ({
      subject: `Your advert is published: ${p.productName}`,
      heading: "Your advert is published",
      paragraphs: [`An admin reviewed ${p.productName}, and buyers can see it in the catalogue now.`],
      action: { label: "See your advert", href: LINKS.laptop(p.advertId) },
    }),
  }),

  /** An admin rejected an advert that was held or flagged for review, with the reason (moderation: reject). */
  "advert.rejected": kind<{ advertId: string; productName: string; reason: string }>({
    who: "the advert's seller",
    label: "An admin rejects an advert held for review",
    subject: "advert",
    audience: "sellers",
    email: "optional",
    inApp: (p, to) => ({
      title: `Advert not published: ${p.productName}`,
      body: `An admin reviewed it and rejected it: ${p.reason}`,
      link: LINKS.myProducts(to),
    }),
    mail: (p, to) => ({
      subject: `Your advert was rejected: ${p.productName}`,
      heading: "An admin rejected your advert",
      paragraphs: [
        `An admin reviewed ${p.productName}, and it will not be in the catalogue.`,
        `The reason given: ${p.reason}`,
      ],
      action: { label: "See your laptops", href: LINKS.myProducts(to) },
    }),
  }),

  /** An admin approved an advert's proof photo: it shows In hand now (core/catalogue/proof-photos.ts). */
  "advert.inHand": kind<{ advertId: string; productName: string }>({
    who: "the advert's seller",
    label: "An admin approves your proof photo",
    subject: "advert",
    audience: "sellers",
    email: "optional",
    inApp: (p) => ({
      title: `In hand: ${p.productName}`,
      body: "Our team checked your proof photo: buyers see In hand on your advert.",
      link: LINKS.laptop(p.advertId),
    }),
    mail: (p) => ({
      subject: `Your advert shows In hand: ${p.productName}`,
      heading: "Your proof photo is approved",
      paragraphs: [`Our team checked your proof photo of ${p.productName}: buyers now see In hand on your advert.`],
      action: { label: "See your advert", href: LINKS.laptop(p.advertId) },
    }),
  }),

  /** An admin rejected an advert's proof photo, with the reason (core/catalogue/proof-photos.ts). */
  "advert.proofRejected": kind<{ advertId: string; productName: string; reason: string }>({
    who: "the advert's seller",
    label: "An admin rejects your proof photo",
    subject: "advert",
    audience: "sellers",
    email: "optional",
    inApp: (p) => ({
      title: `Proof photo not accepted: ${p.productName}`,
      body: `The reason given: ${quotedThenStop(p.reason)} You can send a new one from the advert's edit form.`,
      link: LINKS.editAdvert(p.advertId),
    }),
    mail: (p) => ({
      subject: `Your proof photo was not accepted: ${p.productName}`,
      heading: "Your proof photo was not accepted",
      paragraphs: [
        `Our team could not accept the proof photo of ${p.productName}.`,
        `The reason given: ${p.reason}`,
        "You can send a new one, with a new code, from the advert's edit form.",
      ],
      action: { label: "Edit your advert", href: LINKS.editAdvert(p.advertId) },
    }),
  }),

  /** An admin dealt with a report (moderation: dismiss, removeAdvert). */
  "report.resolved": kind<{ advertId: string; productName: string; outcome: "dismissed" | "actioned" }>({
    who: "the person who reported",
    label: "A report you made is dealt with",
    subject: "advert",
    email: "optional",
    inApp: (p) => ({
      title: `Your report: ${p.productName}`,
      body:
        p.outcome === "actioned"
          ? "Thank you: an admin removed this advert."
          : "An admin looked at this advert and found nothing against the rules.",
      link: LINKS.laptop(p.advertId),
    }),
    mail: (p) => ({
      subject: `Your report about ${p.productName}`,
      heading: "Your report was dealt with",
      paragraphs: [
        p.outcome === "actioned"
          ? `Thank you for reporting ${p.productName}: an admin removed the advert.`
          : `An admin looked at ${p.productName} and found nothing against the rules, so the advert stays.`,
      ],
      action: p.outcome === "dismissed" ? { label: "See the advert", href: LINKS.laptop(p.advertId) } : undefined,
    }),
  }),

  /** A newly posted laptop matches a saved search with instant alerts (saved searches: matching). */
  "savedSearch.match": kind<MatchedLaptop & { searchId: string; searchName: string }>({
    who: "the saved search's owner",
    label: "A new laptop matches one of your saved searches",
    subject: "advert",
    email: "never",
    inApp: (p) => ({
      title: `New match: ${p.productName}`,
      body: `${formatMoney(p.priceCents)} · for your saved search ${quotedThenStop(p.searchName)}`,
      link: LINKS.laptop(p.advertId),
    }),
  }),

  /** Instant alerts' email: the new matches of one saved search, at most one email an hour per search. */
  "savedSearch.instant": kind<{ searchId: string; searchName: string; laptops: MatchedLaptop[]; total: number }>({
    who: "the saved search's owner",
    label: "New matches for your saved searches with instant alerts (at most hourly)",
    subject: "account",
    email: "optional",
    mail: (p) => ({
      subject:
        p.total === 1
          ? `New match for “${p.searchName}”: ${p.laptops[0]?.productName ?? "a laptop"}`
          : `${p.total} new matches for “${p.searchName}”`,
      heading: `New laptops for “${p.searchName}”`,
      paragraphs: [
        p.total === 1 ? "A laptop matching your saved search was just posted:" : "Laptops matching your saved search:",
      ],
      links: laptopLinks(p.laptops),
      action: { label: "See all your matches", href: LINKS.savedSearchMatches },
    }),
  }),

  /** Daily alerts' digest: up to 20 of the day's new matches across a person's daily searches. */
  "savedSearch.daily": kind<{ laptops: (MatchedLaptop & { searchName: string })[]; total: number }>({
    who: "the saved searches' owner",
    label: "Daily digest of your saved searches",
    subject: "account",
    email: "optional",
    mail: (p) => ({
      subject: `${p.total} new ${p.total === 1 ? "laptop matches" : "laptops match"} your saved searches`,
      heading: "Today's new laptops for your saved searches",
      paragraphs: [
        p.total > p.laptops.length
          ? `${p.total} new laptops match your saved searches. Here are the ${p.laptops.length} newest:`
          : `${p.total === 1 ? "One new laptop matches" : `${p.total} new laptops match`} your saved searches:`,
      ],
      links: laptopLinks(p.laptops),
      action: { label: `See all ${p.total} new matches`, href: LINKS.savedSearchMatches },
    }),
  }),

  /** A buyer reviewed the seller after receiving a laptop (reviews: write). */
  "review.received": kind<{
    orderId: string;
    sellerId: string;
    productName: string;
    rating: number;
    authorName: string;
  }>({
    who: "the seller",
    label: "A buyer reviews you",
    subject: "order",
    audience: "sellers",
    email: "optional",
    inApp: (p) => ({
      title: `New review: ${p.rating} of 5 stars`,
      body: `${p.authorName} reviewed you for ${p.productName}. You can answer it once, publicly.`,
      link: LINKS.sellerReviews(p.sellerId),
    }),
    mail: (p) => ({
      subject: `${p.authorName} gave you ${p.rating} of 5 stars`,
      heading: "You have a new review",
      paragraphs: [
        `${p.authorName} reviewed you for ${p.productName} (order ${orderNumber(p)}): ${p.rating} of 5 stars.`,
        "You can answer it once, publicly, on your seller page.",
      ],
      action: { label: "Read the review", href: LINKS.sellerReviews(p.sellerId) },
    }),
  }),

  /** An admin removed a review, with the reason (reviews: remove). */
  "review.removed": kind<{ orderId: string; productName: string; reason: string }>({
    who: "the review's author",
    label: "An admin removes one of your reviews",
    subject: "order",
    audience: "buyers",
    email: "optional",
    inApp: (p) => ({
      title: `Review removed: ${p.productName}`,
      body: `An admin removed your review: ${p.reason}`,
      link: LINKS.myOrders,
    }),
    mail: (p) => ({
      subject: `Your review of ${p.productName} was removed`,
      heading: "An admin removed your review",
      paragraphs: [
        `Your review of the seller of ${p.productName} is no longer shown.`,
        `The reason given: ${p.reason}`,
      ],
      action: { label: "See your orders", href: LINKS.myOrders },
    }),
  }),

  /**
   * Someone wrote in a conversation (conversations: send). In the app when it is the first unread message
   * of that conversation; by email at most once per conversation per 15 minutes (the conversation holds the
   * rest back), so a lively chat is not a flood. The message itself is quoted as text: the email layout
   * escapes it, the app renders it as text.
   */
  "message.new": kind<{ conversationId: string; productName: string; senderName: string; preview: string }>({
    who: "the other person in a conversation",
    label: "Someone sends you a message",
    subject: "conversation",
    email: "optional",
    inApp: (p) => ({
      title: `New message from ${p.senderName}`,
      body: `About ${p.productName}: ${p.preview}`,
      link: LINKS.conversation(p.conversationId),
    }),
    mail: (p) => ({
      subject: `New message from ${p.senderName} about ${p.productName}`,
      heading: `${p.senderName} wrote to you`,
      paragraphs: [`About ${p.productName}:`, `“${p.preview}”`],
      action: { label: "Read and answer", href: LINKS.conversation(p.conversationId) },
    }),
  }),

  /** A laptop the person saved got cheaper (favourites: a seller lowered the price of an available laptop). */
  "favourite.priceDrop": kind<{ advertId: string; productName: string; fromCents: number; toCents: number }>({
    who: "everyone who saved the laptop",
    label: "A laptop in your favourites gets cheaper",
    subject: "advert",
    audience: "buyers",
    email: "optional",
    inApp: (p) => ({
      title: `Price drop: ${p.productName}`,
      body: `Now ${formatMoney(p.toCents)}, down ${formatMoney(p.fromCents - p.toCents)} from ${formatMoney(p.fromCents)}.`,
      link: LINKS.laptop(p.advertId),
    }),
    mail: (p) => ({
      subject: `Price drop: ${p.productName} is now ${formatMoney(p.toCents)}`,
      heading: "A laptop you saved is cheaper",
      paragraphs: [
        `${p.productName} is now ${formatMoney(p.toCents)}, down ${formatMoney(p.fromCents - p.toCents)} from ${formatMoney(p.fromCents)}.`,
        "It is still for sale. Book it before someone else does.",
      ],
      action: { label: "See the laptop", href: LINKS.laptop(p.advertId) },
    }),
  }),

  /**
   * A laptop the person saved was sold to someone else, for what its buyer paid (favourites: its payment was
   * recorded). Not told to anyone whose booking of it a sale ended: their booking's own notice said so.
   */
  "favourite.sold": kind<{ advertId: string; productName: string; priceCents: number }>({
    who: "everyone who saved the laptop",
    label: "A laptop in your favourites is sold",
    subject: "advert",
    audience: "buyers",
    email: "optional",
    inApp: (p) => ({
      title: `Sold: ${p.productName}`,
      body: `A laptop you saved was sold to someone else for ${formatMoney(p.priceCents)}.`,
      link: LINKS.laptop(p.advertId),
    }),
    mail: (p) => ({
      subject: `${p.productName} was sold`,
      heading: "A laptop you saved was sold",
      paragraphs: [
        `${p.productName}, which you saved, was sold to someone else for ${formatMoney(p.priceCents)}.`,
        "Its page links to laptops like it that are for sale now.",
      ],
      // Its page, not the whole catalogue: there "Laptops like this one for sale" searches its brand and size.
      action: { label: "See laptops like it", href: LINKS.laptop(p.advertId) },
    }),
  }),

  /** A laptop the person saved is for sale again: its sale was refunded before its buyer received it. */
  "favourite.backOnSale": kind<{ advertId: string; productName: string; priceCents: number }>({
    who: "everyone who saved the laptop",
    label: "A sold laptop in your favourites is for sale again",
    subject: "advert",
    audience: "buyers",
    email: "optional",
    inApp: (p) => ({
      title: `Back on sale: ${p.productName}`,
      body: `A laptop you saved is for sale again, for ${formatMoney(p.priceCents)}.`,
      link: LINKS.laptop(p.advertId),
    }),
    mail: (p) => ({
      subject: `${p.productName} is for sale again`,
      heading: "A laptop you saved is for sale again",
      paragraphs: [
        `${p.productName} was sold, but its sale was cancelled: it is for sale again, for ${formatMoney(p.priceCents)}.`,
        "Book it before someone else does.",
      ],
      action: { label: "See the laptop", href: LINKS.laptop(p.advertId) },
    }),
  }),

  /** Forgot password: a link that works once, for one hour. */
  "account.passwordReset": kind<{ url: string }>({
    who: "the account's owner",
    label: "Password reset",
    subject: "account",
    email: "always",
    mail: (p, to) => ({
      subject: "Reset your ReLaptop password",
      heading: "Reset your password",
      paragraphs: [
        `Hello ${to.name}, someone (we hope you) asked to reset the password of this account.`,
        "The link works once, for one hour. If you did not ask, ignore this email: your password stays as it is.",
      ],
      action: { label: "Choose a new password", href: p.url },
    }),
  }),

  /** A new account confirms its email address. */
  "account.verifyEmail": kind<{ url: string }>({
    who: "the account's owner",
    label: "Email verification",
    subject: "account",
    email: "always",
    mail: (p, to) => ({
      subject: "Verify your email address on ReLaptop",
      heading: "Verify your email address",
      paragraphs: [`Welcome to ReLaptop, ${to.name}.`, "Confirm that this address is yours:"],
      action: { label: "Verify my email address", href: p.url },
    }),
  }),

  /** "Email me a sign-in link": a link that signs in once, for a short while (schemas/login-limits.ts). */
  "account.signInLink": kind<{ url: string }>({
    who: "the account's owner",
    label: "Sign-in link",
    subject: "account",
    email: "always",
    mail: (p, to) => ({
      subject: "Your ReLaptop sign-in link",
      heading: "Sign in to ReLaptop",
      paragraphs: [
        `Hello ${to.name}, someone (we hope you) asked for a link that signs in to this account without its password.`,
        `The link works once, for ${SIGN_IN_LINK_TTL_SECONDS / 60} minutes. If you did not ask, ignore this email: nobody can use the link without it.`,
      ],
      action: { label: "Sign in", href: p.url },
    }),
  }),

  /** "Change email": the link, sent to the NEW address (it proves the address); works once, for 24 hours. */
  "account.confirmNewEmail": kind<{ url: string }>({
    who: "the account's owner, at the new address",
    label: "New email address",
    subject: "account",
    email: "always",
    mail: (p, to) => ({
      subject: "Confirm your new ReLaptop email address",
      heading: "Confirm your new email address",
      paragraphs: [
        `Hello ${to.name}, someone (we hope you) asked to change the email address of a ReLaptop account to this one.`,
        "The account changes to this address when you follow the link. It works once, for 24 hours. If you did not ask, ignore this email: nothing changes.",
      ],
      action: { label: "Use this email address", href: p.url },
    }),
  }),

  /** "Change email": the OLD address is told (the new one shown masked), so a stolen session cannot do it quietly. */
  "account.emailChanging": kind<{ newEmail: string }>({
    who: "the account's owner, at the old address",
    label: "Email address changing",
    subject: "account",
    email: "always",
    mail: (p, to) => ({
      subject: "Your ReLaptop email address is being changed",
      heading: "Your email address is being changed",
      paragraphs: [
        `Hello ${to.name}. Your ReLaptop email is being changed to ${p.newEmail}; if this was not you, change your password.`,
        "The change happens only when the link we sent to the new address is followed.",
      ],
    }),
  }),

  /**
   * How the account signs in changed — its password, a passkey, two-factor (core/accounts/sign-in-changes.ts) —
   * told to its address whoever did it, so a stolen session cannot change them quietly.
   */
  "account.signInChanged": kind<{ change: SignInChange }>({
    who: "the account's owner",
    label: "How you sign in changed",
    subject: "account",
    email: "always",
    mail: (p, to) => ({
      subject: "How you sign in to ReLaptop changed",
      heading: "How you sign in changed",
      paragraphs: [`Hello ${to.name}. ${SIGN_IN_CHANGES[p.change].told}`, signInChangeAdvice(p.change)],
      ...(p.change !== "twoFactorOn" && { action: { label: "Choose a new password", href: "/forgot-password" } }),
    }),
  }),

  /**
   * The account was deleted (core/accounts/delete-account.ts), by its owner or an admin: written before the
   * address leaves the account, so the outbox row keeps it and the confirmation still reaches it.
   */
  "account.deleted": kind<{ byAdmin: boolean }>({
    who: "the account's owner",
    label: "Account deleted",
    subject: "account",
    email: "always",
    mail: (p, to) => ({
      subject: "Your ReLaptop account is deleted",
      heading: "Your account is deleted",
      paragraphs: [
        p.byAdmin
          ? `Hello ${to.name}, an admin of ReLaptop has deleted your account.`
          : `Hello ${to.name}, as you asked, your ReLaptop account is deleted.`,
        "Your name, email address and phone number are removed, your adverts are withdrawn, and your favourites, saved searches and notifications are deleted. Nobody can sign in to the account any more.",
        "Your messages stay with the people you wrote to, and your reviews stay on the sellers' pages, both without your name. The records of your orders and payments are kept, as the law requires of sales.",
      ],
    }),
  }),

  /**
   * The account's ceiling of failed logins from devices it does not know was reached: told once per window
   * (core/accounts/login-throttle.ts), with the way in that still works.
   */
  "account.loginsPaused": kind<{ url: string }>({
    who: "the account's owner",
    label: "Sign-ins paused",
    subject: "account",
    email: "always",
    mail: (p, to) => ({
      subject: "Someone is trying to sign in to your ReLaptop account",
      heading: "Many wrong passwords were tried for your account",
      paragraphs: [
        `Hello ${to.name}, there have been many failed sign-ins to this account in the last hour, from devices it has never signed in on.`,
        "For now, your password is refused on such devices. On a device you have signed in on before, sign in as usual. Anywhere else, ask for a sign-in link, or choose a new password with “Forgot password?” on the login page: both come to this address.",
        "If it was not you, nobody got in: each attempt was a wrong password. If your password is one you use on other sites too, change it.",
      ],
      action: { label: "Email me a sign-in link", href: p.url },
    }),
  }),
} as const;

export type NotificationKind = keyof typeof KINDS;
export type ParamsOf<K extends NotificationKind> = (typeof KINDS)[K] extends KindDefinition<infer P> ? P : never;

/** The kinds a person may turn email off for (the preferences page lists these, in this order). */
export const OPTIONAL_KINDS = (Object.keys(KINDS) as NotificationKind[]).filter((k) => KINDS[k].email === "optional");

export const isKind = (value: string): value is NotificationKind => Object.hasOwn(KINDS, value);
