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
  expireHandover: ["paid"],
  refund: ["refunding"],
  refundInPart: ["refunding"],
  providerRefund: ["paid", "handed_over", "disputed", "refunding", "completed"],
  handOver: ["paid"],
  ship: ["paid"],
  confirmReceipt: ["paid", "handed_over"],
  accept: ["handed_over"],
  complete: ["handed_over"],
  report: ["handed_over"],
  refundDispute: ["disputed"],
  refundDisputeInPart: ["disputed"],
  release: ["disputed"],
  close: ["booked", "paying"],
  lapse: ["booked"],
  withdraw: ["booked", "paying"],
  decline: ["booked"],
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
    expect(leaving("refunding")).toEqual(["providerRefund", "refund", "refundInPart"]);
    for (const t of Object.keys(TRANSITIONS) as Transition[]) {
      if (TRANSITIONS[t].by === "buyer") {
        expect(canTransition("paying", t)).toBe(false);
        expect(canTransition("refunding", t)).toBe(false);
      }
    }
  });

  it("ends in cancelled, refunded, closed, withdrawn or declined, from which nothing moves", () => {
    for (const terminal of ["cancelled", "refunded", "closed", "withdrawn", "declined"] as const) {
      for (const t of Object.keys(TRANSITIONS) as Transition[]) expect(canTransition(terminal, t)).toBe(false);
    }
  });

  it("lets only the order's own buyer, the provider or ReLaptop take the transitions named for them", () => {
    const buyer = { kind: "buyer", id: "u1" } as const;
    const order = { buyerId: "u1", sellerId: "s1" };
    expect(mayTrigger("confirmReceipt", buyer, order)).toBe(true);
    expect(mayTrigger("confirmReceipt", { kind: "buyer", id: "u2" }, order)).toBe(false);
    expect(mayTrigger("confirmReceipt", { kind: "system" }, order)).toBe(false);
    expect(mayTrigger("pay", buyer, order)).toBe(false);
    expect(mayTrigger("pay", { kind: "provider" }, order)).toBe(true);
    expect(mayTrigger("close", { kind: "system" }, order)).toBe(true);
    expect(mayTrigger("refund", buyer, order)).toBe(false);
  });

  it("lets only the order's own seller decline it, and nobody else take a seller's transition", () => {
    const order = { buyerId: "u1", sellerId: "s1" };
    expect(mayTrigger("decline", { kind: "seller", id: "s1" }, order)).toBe(true);
    expect(mayTrigger("decline", { kind: "seller", id: "s2" }, order)).toBe(false);
    expect(mayTrigger("decline", { kind: "buyer", id: "u1" }, order)).toBe(false);
    expect(mayTrigger("decline", { kind: "system" }, order)).toBe(false);
    expect(mayTrigger("decline", { kind: "provider" }, order)).toBe(false);
    // The seller takes no buyer's transition on their own laptop's order.
    for (const t of ["cancel", "cancelPaid", "confirmReceipt", "startPayment"] as const) {
      expect(mayTrigger(t, { kind: "seller", id: "s1" }, order)).toBe(false);
    }
  });

  it("declines only a booking nobody pays for yet, and says why otherwise", () => {
    expect(refusalOf("paying", "decline")).toBe("A payment for this order is already in progress. Wait a moment.");
    for (const status of ["paid", "completed", "refunding", "cancelled"] as const) {
      expect(canTransition(status, "decline")).toBe(false);
    }
    expect(refusalOf("paid", "decline")).toBe("Only a booking that is not paid can be declined.");
  });

  it("tells a person why their order cannot move while its money moves", () => {
    expect(refusalOf("refunding", "confirmReceipt")).toBe("This order is being refunded. Wait a moment.");
    expect(refusalOf("paying", "cancel")).toBe("A payment for this order is already in progress. Wait a moment.");
    expect(refusalOf("completed", "cancelPaid")).toBe("This order can no longer be cancelled.");
  });
});
