import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { disputes, payments } from "../../db/schema/index.ts";
import {
  type DecisionInput,
  type DecisionReply,
  DISPUTE_DECIDED,
  DISPUTE_DECISION_LABELS,
  refundAmountProblem,
} from "../../schemas/disputes.ts";
import { formatPrice } from "../../schemas/money.ts";
import type { DisputeDecision } from "../../schemas/values.ts";
import { requireAdmin, type SessionUser } from "../accounts/index.ts";
import { recordAdminAction } from "../audit/index.ts";
import { AppError } from "../errors.ts";
import { announceModeration } from "../notifications/index.ts";
import { applyTransition, lockOrder } from "../orders/index.ts";
import { noDispute } from "./dispute-access.ts";

/** The order's transition each decision takes (core/orders/order-states.ts). */
const TRANSITION_OF = {
  refund: "refundDispute",
  partial_refund: "refundDisputeInPart",
  release: "release",
} as const satisfies Record<DisputeDecision, string>;

/** What returns a refunding order's money and records it (orders' finishRefund: decision 8's steps 2 and 3). */
export interface RefundFinisher {
  finishRefund(orderId: string): Promise<boolean>;
}

/**
 * An admin decides an open dispute, with a reason both people read: **refund** the buyer in full, a **partial
 * refund** (an amount less than the charge), or **release** to the seller (the sale is final, no money moves).
 * Money moves inside the transition that owns it (decision 8): the order is locked and moved to `refunding` with
 * the amount on its payment, the decision and its audit line written, all in one transaction; then, committed,
 * the provider returns the money and the order records it (refunded, or completed with the part returned).
 * Two admins deciding at once: the order's lock makes them one after the other, and the second is told the
 * dispute is decided (409). An unreachable provider leaves the order `refunding` for the sweep to finish with the
 * same amount.
 */
export async function decideDispute(
  db: Db,
  money: RefundFinisher,
  admin: SessionUser,
  disputeId: string,
  input: DecisionInput,
): Promise<DecisionReply> {
  requireAdmin(admin);
  const [found] = await db.select({ orderId: disputes.orderId }).from(disputes).where(eq(disputes.id, disputeId));
  if (!found) throw noDispute();
  const orderId = await db.transaction(async (tx) => {
    // Advert and order first, then the dispute and the payment: the lock order every sale keeps (decision 6).
    const { order } = await lockOrder(tx, found.orderId);
    const [dispute] = await tx.select().from(disputes).where(eq(disputes.id, disputeId)).for("update");
    if (!dispute) throw noDispute();
    if (dispute.decidedAt) throw new AppError("CONFLICT", DISPUTE_DECIDED);
    const [payment] = await tx.select().from(payments).where(eq(payments.orderId, order.id)).for("update");
    if (!payment) throw new Error(`disputed order ${order.id} has no payment`);
    const refundCents = refundOf(input, payment.priceCents);
    if (refundCents !== null) {
      await tx.update(payments).set({ refundCents }).where(eq(payments.id, payment.id));
    }
    await tx
      .update(disputes)
      .set({
        decision: input.decision,
        refundCents,
        decisionReason: input.reason,
        decidedBy: admin.id,
        decidedAt: new Date(),
      })
      .where(eq(disputes.id, dispute.id));
    const decided = { ...order, refundCents };
    await applyTransition(tx, decided, TRANSITION_OF[input.decision], { kind: "admin", id: admin.id }, input.reason);
    const amount = refundCents === null ? "" : ` (${formatPrice(refundCents)})`;
    await recordAdminAction(
      tx,
      admin.id,
      `dispute.${input.decision}`,
      { type: "order", id: order.id },
      `${DISPUTE_DECISION_LABELS[input.decision]}${amount} on order ${order.number}: ${input.reason}`,
    );
    await announceModeration(tx);
    return order.id;
  });
  if (input.decision === "release") return { status: "completed" };
  if (!(await money.finishRefund(orderId))) return { status: "refunding" };
  return { status: input.decision === "refund" ? "refunded" : "completed" };
}

/** The cents going back to the buyer: all of the charge, the part decided (checked against it), or none. */
function refundOf(input: DecisionInput, chargedCents: number): number | null {
  if (input.decision === "refund") return chargedCents;
  if (input.decision === "release") return null;
  const amountCents = input.amountCents ?? Number.NaN;
  const problem = refundAmountProblem(amountCents, chargedCents);
  if (problem) throw new AppError("VALIDATION_FAILED", problem, { amountCents: problem });
  return amountCents;
}
