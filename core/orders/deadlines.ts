import type { Transition } from "./order-states.ts";

/**
 * How long each step of a sale may wait (configuration: BOOKING_HOURS, HANDOVER_DAYS, SHIPPING_DAYS,
 * PROTECTION_HOURS). Set once at boot from the environment (server/services.ts), the same in every process.
 */
export interface SaleWindows {
  /** An unpaid booking holds the laptop this long, then closes. */
  bookingHours: number;
  /** A paid order not handed over within this many days is refunded. */
  handoverDays: number;
  /** A shipped order the buyer never confirms is taken as received this many days after shipping. */
  shippingDays: number;
  /** The buyer protection window: from the handover (or receipt of a parcel) to the sale being final. */
  protectionHours: number;
}

export const DEFAULT_SALE_WINDOWS: SaleWindows = {
  bookingHours: 48,
  handoverDays: 7,
  shippingDays: 10,
  protectionHours: 72,
};

let windows = DEFAULT_SALE_WINDOWS;

export function configureSaleWindows(configured: SaleWindows) {
  windows = configured;
}

export const saleWindows = () => windows;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Reminders go this long before a deadline, to whoever must act. */
export const REMINDER_BEFORE_MS = 24 * HOUR;

/**
 * The deadline an order has once it has taken this transition (from `now`), or null when nothing is due:
 * one column, `deadline_at`, that the deadlines job reads (apply-deadlines.ts). Undefined: the transition
 * leaves the deadline as it was (a refund in flight, a dispute's exchange).
 */
export function deadlineAfter(transition: Transition, now: Date): Date | null | undefined {
  const at = (ms: number) => new Date(now.getTime() + ms);
  switch (transition) {
    case "book":
      return at(windows.bookingHours * HOUR);
    case "pay":
      return at(windows.handoverDays * DAY);
    case "handOver":
    case "confirmReceipt":
      return at(windows.protectionHours * HOUR);
    case "ship":
      // Received, failing the buyer's word, SHIPPING_DAYS after shipping; protected PROTECTION_HOURS from then.
      return at(windows.shippingDays * DAY + windows.protectionHours * HOUR);
    case "startPayment":
    case "paymentFailed":
      // The booking's own deadline stands while a payment is tried (the job leaves an order in flight alone:
      // the provider or the reconcile sweep settles it), and after a declined card.
      return undefined;
    default:
      // Every other transition ends the wait: a terminal status, a dispute (an admin decides), a refund.
      return null;
  }
}

/** When the protection window of a handed-over order ends (its deadline), for pages and notices. */
export function protectionEndsAt(handedOverOrReceivedAt: Date): Date {
  return new Date(handedOverOrReceivedAt.getTime() + windows.protectionHours * HOUR);
}
