import { AsyncLocalStorage } from "node:async_hooks";
import type { DeadlineKind } from "../../schemas/sales.ts";
import type { OrderStatus, Transition } from "./order-states.ts";

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

/**
 * How far behind the present a sale's steps are played: none, but inside a step of the demo's story. Held by the
 * step's own async context, so nothing else the process does meanwhile is moved.
 */
const playedAgo = new AsyncLocalStorage<number>();

/**
 * The moment a sale's step happens: what it stamps (a handover, a receipt) and what its timers and their
 * notices count from ("report a problem by …"), read once per step so they all name the same instant.
 */
export const saleNow = () => new Date(Date.now() - (playedAgo.getStore() ?? 0));

/**
 * Plays `step` as if it happened `msAgo` (seed/demo-timeline.ts only, which moves what the step wrote with the
 * present back by as much afterwards): its deadlines, and the words of the notices naming them, count from then,
 * as the order's own times do. Counted from the present, a handover moved back a day kept its notice's
 * deadline a day later than the order's.
 */
export function playedEarlier<T>(msAgo: number, step: () => Promise<T>): Promise<T> {
  return playedAgo.run(msAgo, step);
}

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

/** What an order's deadline means in its status, for its page: what happens then, and when. */
export function deadlineOf(status: OrderStatus, deadlineAt: Date | null): { at: string; what: DeadlineKind } | null {
  const what = status in DEADLINES ? DEADLINES[status as WaitingStatus].what : null;
  return deadlineAt && what ? { at: deadlineAt.toISOString(), what } : null;
}

/**
 * The one deadline each waiting status has, what the deadlines job does when it passes (apply-deadlines.ts),
 * and who is reminded a day before: the person who must act.
 */
export const DEADLINES = {
  booked: { what: "bookingEnds", onExpiry: "lapse", remind: "buyer" },
  paid: { what: "handoverDue", onExpiry: "expireHandover", remind: "seller" },
  handed_over: { what: "protectionEnds", onExpiry: "complete", remind: "buyer" },
} as const satisfies Partial<
  Record<OrderStatus, { what: DeadlineKind; onExpiry: Transition; remind: "buyer" | "seller" }>
>;

export type WaitingStatus = keyof typeof DEADLINES;
export const WAITING_STATUSES = Object.keys(DEADLINES) as WaitingStatus[];
