/**
 * Payouts: a seller's payout account, their balances, and the transfers of completed orders' money to them
 * (queued, sent, retried, reversed) — all of it read from and written to the ledger (core/ledger). The providers
 * are simulated (the default) and Stripe Connect.
 */
import type { Db } from "../../db/client.ts";
import type { FinanceReply, PayoutsReply } from "../../schemas/payouts.ts";
import { requireAdmin, type SessionUser } from "../accounts/index.ts";
import { financeReport } from "../ledger/index.ts";
import { failedPayouts, payoutLines, sellerBalances } from "./balances.ts";
import { failedTransfers } from "./failed-transfers.ts";
import { payoutAccountView, refreshAccount, requireSeller, setUpPayouts, startOnboarding } from "./payout-accounts.ts";
import type { PayoutProvider } from "./provider.ts";
import { queuePayouts } from "./queue-payouts.ts";
import { reverseAfterRefund, reverseDueTransfers, sendDuePayouts } from "./send-payouts.ts";

export { PayoutRefused } from "./payout-refused.ts";
export { PAYOUT_TRANSITIONS } from "./payout-states.ts";
export type { FormPayoutProvider, HostedPayoutProvider, PayoutProvider } from "./provider.ts";
export { createSimulatedPayoutProvider, REFUSING_BANK_LAST4 } from "./simulated-payout-provider.ts";
export { createStripePayoutProvider } from "./stripe-payout-provider.ts";
export { payoutLines, queuePayouts, reverseAfterRefund, reverseDueTransfers, sellerBalances, sendDuePayouts };

/** When completed money is transferred: every day (PAYOUT_SCHEDULE=daily), or the minute after completion. */
export type PayoutSchedule = "daily" | "instant";

export function createPayouts({
  db,
  provider,
  schedule,
}: {
  db: Db;
  provider: PayoutProvider;
  schedule: PayoutSchedule;
}) {
  /** Queue what is available (when `queue`), send what is due, take back what was refunded. */
  async function run({ queue }: { queue: boolean }, now = new Date()) {
    const queued = queue ? await queuePayouts(db, provider.name) : 0;
    const sent = await sendDuePayouts(db, provider, now);
    const reversed = await reverseDueTransfers(db, provider, now);
    return { queued, sent, reversed };
  }

  return {
    provider,
    schedule,

    /** The seller's Payouts page: their account, balances, a page of lines, and failed transfers. */
    async mine(actor: SessionUser, cursor?: string): Promise<PayoutsReply> {
      requireSeller(actor);
      return readFor(actor.id, cursor);
    },

    /** Admins read any seller's (the same reply); nobody else reads anyone's. */
    async ofSeller(actor: SessionUser, sellerId: string, cursor?: string): Promise<PayoutsReply> {
      if (actor.id !== sellerId) requireAdmin(actor);
      else requireSeller(actor);
      return readFor(sellerId, cursor);
    },

    /** Every line of a seller's, for the CSV download: page after page until the last. */
    async *allLines(actor: SessionUser) {
      requireSeller(actor);
      let cursor: string | undefined;
      do {
        const page = await payoutLines(db, actor.id, cursor, 500);
        yield* page.lines;
        cursor = page.next ?? undefined;
      } while (cursor);
    },

    setUp(actor: SessionUser, input: unknown) {
      if (provider.onboarding !== "form") throw new Error("this payout provider onboards on its own pages");
      return setUpPayouts(db, provider, actor, input);
    },

    startOnboarding(actor: SessionUser, urls: { returnUrl: string; refreshUrl: string }) {
      if (provider.onboarding !== "hosted") throw new Error("this payout provider is set up with a form");
      return startOnboarding(db, provider, actor, urls);
    },

    /** Stripe's `account.updated`: the account's status, fetched again. */
    accountUpdated(accountId: string) {
      if (provider.onboarding !== "hosted") return Promise.resolve(null);
      return refreshAccount(db, provider, accountId);
    },

    /** Admins' Finance: 90 days of figures, failed transfers, and the ledger's check. */
    async finance(actor: SessionUser, now = new Date()): Promise<FinanceReply> {
      requireAdmin(actor);
      const [{ days, check }, failed] = await Promise.all([financeReport(db, now), failedTransfers(db)]);
      const sum = (pick: (d: (typeof days)[number]) => number) => days.reduce((s, d) => s + pick(d), 0);
      const last = days.at(-1);
      return {
        days,
        totals: {
          salesCents: sum((d) => d.salesCents),
          feesCents: sum((d) => d.feesCents),
          refundsCents: sum((d) => d.refundsCents),
          payoutsCents: sum((d) => d.payoutsCents),
          pendingCents: last?.pendingCents ?? 0,
          availableCents: last?.availableCents ?? 0,
        },
        failedTransfers: failed,
        check,
      };
    },

    /** The payout job's run (every minute; queueing new payouts daily, or every run when instant). */
    run,
  };

  async function readFor(sellerId: string, cursor?: string): Promise<PayoutsReply> {
    const [account, balances, page, failed] = await Promise.all([
      payoutAccountView(db, provider, sellerId),
      sellerBalances(db, sellerId),
      payoutLines(db, sellerId, cursor),
      failedPayouts(db, sellerId),
    ]);
    return { account, balances, lines: page.lines, next: page.next, failed };
  }
}

export type Payouts = ReturnType<typeof createPayouts>;
