import { describe, expect, it } from "vitest";
import {
  canTransition,
  ORDER_STATUSES,
  type OrderStatus,
  TRANSITIONS,
  type Transition,
} from "../../core/orders/order-states.ts";

const allowed: Record<Transition, OrderStatus[]> = {
  pay: ["booked"],
  cancel: ["booked"],
  cancelPaid: ["paid"],
  confirmReceipt: ["paid"],
  close: ["booked"],
  withdraw: ["booked"],
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

  it("ends in completed, cancelled, refunded, closed or withdrawn, from which nothing moves", () => {
    for (const terminal of ["completed", "cancelled", "refunded", "closed", "withdrawn"] as const) {
      for (const t of Object.keys(TRANSITIONS) as Transition[]) expect(canTransition(terminal, t)).toBe(false);
    }
  });
});
