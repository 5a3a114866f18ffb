import type { Db, Tx } from "../../db/client.ts";
import { formatDay } from "../../schemas/dates.ts";
import type { CancelOutcome } from "../../schemas/orders.ts";
import { cancelAfterHandover } from "../../schemas/sales.ts";
import type { SessionUser } from "../accounts/index.ts";
import { AppError } from "../errors.ts";
import { release } from "./advert-lifecycle.ts";
import { counted, type Money } from "./money.ts";
import { finishRefund } from "./refund.ts";
import { applyTransition, lockOrder } from "./transition.ts";

/**
 * Cancel: an unpaid booking is simply cancelled; a paid one is refunded in full through the provider and the
 * laptop goes back on sale, until it is handed over (then the buyer reports a problem). The order is
 * `refunding` before the provider is called, so nothing else (receipt confirmed in another tab, a second
 * cancel) can happen to it while the money moves. If the provider cannot be reached the order stays
 * `refunding` and `reconcile` finishes the refund. Only the refund is counted: a booking cancelled moves no
 * money, and a refusal to cancel is no refund outcome.
 */
export async function cancel(q: Db | Tx, money: Money, actor: SessionUser, orderId: string): Promise<CancelOutcome> {
  const first = await q.transaction(async (tx) => {
    const { order } = await lockOrder(tx, orderId, actor.id);
    if (order.status === "booked") {
      await applyTransition(tx, order, "cancel", { kind: "buyer", id: actor.id });
      await release(tx, order.id);
      return "cancelled" as const;
    }
    if (order.handedOverAt) {
      throw new AppError("CONFLICT", cancelAfterHandover(formatDay(order.handedOverAt)));
    }
    await applyTransition(tx, order, "cancelPaid", { kind: "buyer", id: actor.id });
    return "refunding" as const;
  });
  if (first === "cancelled") return first;
  return counted(
    money,
    "refund",
    (outcome) => outcome,
    async () => ((await finishRefund(q, money, orderId)) ? "refunded" : "refunding"),
  );
}
