import { afterEach, describe, expect, it } from "vitest";
import {
  configureSaleWindows,
  DEADLINES,
  DEFAULT_SALE_WINDOWS,
  deadlineAfter,
  deadlineOf,
} from "../../core/orders/deadlines.ts";
import { TRANSITIONS, type Transition } from "../../core/orders/order-states.ts";

const now = new Date("2026-12-01T10:00:00.000Z");
const HOUR = 3_600_000;
const hoursAfter = (date: Date | null | undefined) => (date ? (date.getTime() - now.getTime()) / HOUR : date);

afterEach(() => configureSaleWindows(DEFAULT_SALE_WINDOWS));

describe("an order's deadline after each transition", () => {
  it("counts the booking, the handover and the protection window from the transition, with the defaults", () => {
    expect(hoursAfter(deadlineAfter("book", now))).toBe(48);
    expect(hoursAfter(deadlineAfter("pay", now))).toBe(7 * 24);
    expect(hoursAfter(deadlineAfter("handOver", now))).toBe(72);
    expect(hoursAfter(deadlineAfter("confirmReceipt", now))).toBe(72);
    // A parcel nobody confirms counts as received SHIPPING_DAYS after shipping, then is protected as any other.
    expect(hoursAfter(deadlineAfter("ship", now))).toBe(10 * 24 + 72);
  });

  it("follows the configured windows", () => {
    configureSaleWindows({ bookingHours: 2, handoverDays: 1, shippingDays: 3, protectionHours: 24 });
    expect(hoursAfter(deadlineAfter("book", now))).toBe(2);
    expect(hoursAfter(deadlineAfter("pay", now))).toBe(24);
    expect(hoursAfter(deadlineAfter("ship", now))).toBe(3 * 24 + 24);
  });

  it("keeps the booking's deadline while a payment is tried, and ends it wherever nothing waits", () => {
    expect(deadlineAfter("startPayment", now)).toBeUndefined();
    expect(deadlineAfter("paymentFailed", now)).toBeUndefined();
    for (const t of [
      "report",
      "accept",
      "complete",
      "release",
      "cancel",
      "decline",
      "lapse",
      "refund",
    ] as Transition[]) {
      expect(deadlineAfter(t, now)).toBeNull();
    }
  });

  it("gives each waiting status a deadline whose expiry is a ReLaptop transition leaving that status", () => {
    for (const [status, { onExpiry }] of Object.entries(DEADLINES)) {
      const transition = TRANSITIONS[onExpiry];
      expect(transition.by).toBe("system");
      expect(transition.from as readonly string[]).toContain(status);
      // ... and every way into that status sets a deadline.
      for (const [name, t] of Object.entries(TRANSITIONS)) {
        if (t.to === status && !(t.from as readonly string[]).includes(status) && name !== "paymentFailed") {
          expect(deadlineAfter(name as Transition, now), name).toBeInstanceOf(Date);
        }
      }
    }
  });

  it("reads as what happens next only in a status that waits", () => {
    expect(deadlineOf("handed_over", now)).toEqual({ at: now.toISOString(), what: "protectionEnds" });
    expect(deadlineOf("disputed", now)).toBeNull();
    expect(deadlineOf("booked", null)).toBeNull();
  });
});
