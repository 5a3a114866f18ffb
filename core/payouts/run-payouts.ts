import type { Db } from "../../db/client.ts";
import type { JobQueue } from "../jobs/index.ts";
import type { PayoutProvider } from "./provider.ts";
import { queuePayouts } from "./queue-payouts.ts";
import { reverseDueTransfers, sendDuePayouts } from "./send-payouts.ts";

/** When completed money is transferred: every day (PAYOUT_SCHEDULE=daily), or the minute after completion. */
export type PayoutSchedule = "daily" | "instant";

/** The payout job's name: every minute, and at once after a sale became final when payouts are instant. */
export const PAYOUTS_JOB = "payouts.run";

/**
 * The payout job's run (every minute; queueing new payouts daily, or every run when instant): queue what is
 * available (when `queue`), send what is due, take back what was refunded.
 */
export async function runPayouts(db: Db, provider: PayoutProvider, { queue }: { queue: boolean }, now = new Date()) {
  const queued = queue ? await queuePayouts(db, provider.name) : 0;
  const sent = await sendDuePayouts(db, provider, now);
  const reversed = await reverseDueTransfers(db, provider, now);
  return { queued, sent, reversed };
}

/**
 * PAYOUT_SCHEDULE=instant: a sale that just became final is paid out by the next free worker, not at the next
 * minute's run. Call after the commit; if it cannot be queued — or the queue has not started (the demo's
 * seeding) — the minute's run pays it all the same.
 */
export function payOutSoon(jobs: JobQueue, schedule: PayoutSchedule) {
  if (schedule !== "instant" || !jobs.isStarted()) return;
  jobs
    .send(PAYOUTS_JOB, {}, { singletonKey: "instant" })
    .catch((error: unknown) => console.error("payout job not queued:", error instanceof Error ? error.message : error));
}
