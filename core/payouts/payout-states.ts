import type { PayoutStatus } from "../../schemas/values.ts";

export type { PayoutStatus };

/**
 * A payout: one completed order's share, transferred to its seller's payout account. Like an order's money,
 * it moves only from an in-flight state (`sending`, `reversing`) that commits before the provider is called,
 * and the provider's answer is recorded by the transition out of it. The payout's id is the transfer's
 * idempotency key, so a retry after a crash (a payout left `sending`) can never send the money twice.
 *
 *   pending ─send─► sending ─land─► paid ─reverse─► reversing ─reversed─► reversed
 *                     │   ▲                           (a refund made at the card provider after the payout)
 *                fail ▼   │ retry (backoff)
 *                   failed
 */
export const PAYOUT_TRANSITIONS = {
  /** The job picks a due payout (new, failed and due again, or left sending by a crash). */
  send: { from: ["pending", "failed", "sending"], to: "sending" },
  /** The provider made the transfer. */
  land: { from: ["sending"], to: "paid" },
  /** The provider refused or could not be reached: tried again later, and the seller and admins see why. */
  fail: { from: ["sending"], to: "failed" },
  /** The order was refunded at the card provider after its money went to the seller: take it back. */
  reverse: { from: ["paid"], to: "reversing" },
  reversed: { from: ["reversing"], to: "reversed" },
} as const satisfies Record<string, { from: readonly PayoutStatus[]; to: PayoutStatus }>;

export type PayoutTransition = keyof typeof PAYOUT_TRANSITIONS;

/** A payout left `sending` this long was interrupted (a crash): sent again, with the same key. */
export const SENDING_STALE_MS = 5 * 60_000;

/** Backoff between attempts: 1 minute, then 5, 30, 2 hours, and every 12 hours after that. */
export function retryDelayMs(attempts: number): number {
  const minutes = [1, 5, 30, 120][attempts - 1] ?? 720;
  return minutes * 60_000;
}
