import { describe, expect, it } from "vitest";
import {
  canTransition,
  ORDER_STATUSES,
  type OrderStatus,
  TRANSITIONS,
  type Transition,
} from "../../core/orders/order-states.ts";

const allowed: Record<Transition, OrderStatus[]> = {
  startPayment: ["booked"],
  pay: ["paying", "booked"],
  paymentFailed: ["paying"],
  cancel: ["booked"],
  cancelPaid: ["paid"],
  refund: ["refunding"],
  providerRefund: ["paid", "refunding", "completed"],
  confirmReceipt: ["paid"],
  close: ["booked", "paying"],
  withdraw: ["booked", "paying"],
};

describe("order transitions", () => {
  for (const transition of Object.keys(TRANSITIONS) as Transition[]) {
    for (const status of ORDER_STATUSES) {
      const ok = allowed[transition].includes(status);
      it(`${transition} from ${status}: ${ok ? "allowed" : "refused"}`, () => {
        expect(canTransition(status, transition)).toBe(ok);
      });
    }
  }

  it("leaves an order whose money is moving only by the provider's answer", () => {
    const leaving = (status: OrderStatus) =>
      (Object.keys(TRANSITIONS) as Transition[]).filter((t) => canTransition(status, t)).sort();
    expect(leaving("paying")).toEqual(["close", "pay", "paymentFailed", "withdraw"]);
    expect(leaving("refunding")).toEqual(["providerRefund", "refund"]);
    for (const t of Object.keys(TRANSITIONS) as Transition[]) {
      if (TRANSITIONS[t].by === "buyer") {
        expect(canTransition("paying", t)).toBe(false);
        expect(canTransition("refunding", t)).toBe(false);
      }
    }
  });

  it("ends in cancelled, refunded, closed or withdrawn, from which nothing moves", () => {
    for (const terminal of ["cancelled", "refunded", "closed", "withdrawn"] as const) {
      for (const t of Object.keys(TRANSITIONS) as Transition[]) expect(canTransition(terminal, t)).toBe(false);
    }
  });
});
