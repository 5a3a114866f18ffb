import { describe, expect, it } from "vitest";
import {
  canTransition,
  mayTrigger,
  ORDER_STATUSES,
  type OrderStatus,
  refusalOf,
  TRANSITIONS,
  type Transition,
} from "../../core/orders/order-states.ts";

const allowed: Record<Transition, OrderStatus[]> = {
  book: [],
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

  it("lets only the order's own buyer, the provider or ReLaptop take the transitions named for them", () => {
    const buyer = { kind: "buyer", id: "u1" } as const;
    expect(mayTrigger("confirmReceipt", buyer, "u1")).toBe(true);
    expect(mayTrigger("confirmReceipt", { kind: "buyer", id: "u2" }, "u1")).toBe(false);
    expect(mayTrigger("confirmReceipt", { kind: "system" }, "u1")).toBe(false);
    expect(mayTrigger("pay", buyer, "u1")).toBe(false);
    expect(mayTrigger("pay", { kind: "provider" }, "u1")).toBe(true);
    expect(mayTrigger("close", { kind: "system" }, "u1")).toBe(true);
    expect(mayTrigger("refund", buyer, "u1")).toBe(false);
  });

  it("tells a person why their order cannot move while its money moves", () => {
    expect(refusalOf("refunding", "confirmReceipt")).toBe("This order is being refunded. Wait a moment.");
    expect(refusalOf("paying", "cancel")).toBe("A payment for this order is already in progress. Wait a moment.");
    expect(refusalOf("completed", "cancelPaid")).toBe("This order can no longer be cancelled.");
  });
});
