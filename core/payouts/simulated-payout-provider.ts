import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { simPayoutAccounts, simTransferReversals, simTransfers } from "../../db/schema/index.ts";
import { PayoutRefused } from "./payout-refused.ts";
import type { FormPayoutProvider } from "./provider.ts";

const newId = (prefix: string) => `${prefix}_sim_${randomBytes(12).toString("hex")}`;

/**
 * Bank accounts ending in these refuse transfers, like Stripe's test bank account 000111111116: the demo and
 * the tests show a failed payout, and the seller fixes it by giving other details.
 */
export const REFUSING_BANK_LAST4: Record<string, string> = {
  "0002": "The bank refused the transfer: the account is closed. Check your bank details on Payouts.",
};

/**
 * The default payout provider: behaves like Stripe Connect's test mode with no keys and no network, and keeps
 * its own record (accounts, transfers, reversals) in the database, as a real provider would, so the ledger can
 * be checked against it line by line.
 */
export function createSimulatedPayoutProvider(db: Db): FormPayoutProvider {
  return {
    name: "simulated",
    onboarding: "form",

    async setUp({ sellerId, holder, bankLast4 }) {
      const [account] = await db
        .insert(simPayoutAccounts)
        .values({ id: newId("acct"), sellerId, holder, bankLast4 })
        .onConflictDoUpdate({ target: simPayoutAccounts.sellerId, set: { holder, bankLast4 } })
        .returning({ id: simPayoutAccounts.id });
      if (!account) throw new Error("payout account vanished");
      return { accountId: account.id };
    },

    // One transfer per key: a second call with the key answers the first transfer.
    async transfer({ amountCents, destination, sourceTransaction, orderId, idempotencyKey }) {
      const [previous] = await db
        .select({ id: simTransfers.id })
        .from(simTransfers)
        .where(eq(simTransfers.idempotencyKey, idempotencyKey));
      if (previous) return { transferId: previous.id };
      const [account] = await db.select().from(simPayoutAccounts).where(eq(simPayoutAccounts.id, destination));
      if (!account) throw new PayoutRefused("The payout account does not exist. Set up payouts again.");
      const refusal = REFUSING_BANK_LAST4[account.bankLast4];
      if (refusal) throw new PayoutRefused(refusal);
      const [made] = await db
        .insert(simTransfers)
        .values({ id: newId("tr"), idempotencyKey, destination, orderId, sourceTransaction, amountCents })
        .onConflictDoNothing({ target: simTransfers.idempotencyKey })
        .returning({ id: simTransfers.id });
      if (made) return { transferId: made.id };
      const [raced] = await db
        .select({ id: simTransfers.id })
        .from(simTransfers)
        .where(eq(simTransfers.idempotencyKey, idempotencyKey));
      if (!raced) throw new Error("transfer vanished");
      return { transferId: raced.id };
    },

    async reverseTransfer({ transferId, amountCents, idempotencyKey }) {
      return db.transaction(async (tx) => {
        const [previous] = await tx
          .select({ id: simTransferReversals.id })
          .from(simTransferReversals)
          .where(eq(simTransferReversals.idempotencyKey, idempotencyKey));
        if (previous) return { reversalId: previous.id };
        const [transfer] = await tx.select().from(simTransfers).where(eq(simTransfers.id, transferId)).for("update");
        if (!transfer) throw new Error(`no such transfer ${transferId}`);
        if (!(amountCents > 0 && transfer.reversedCents + amountCents <= transfer.amountCents)) {
          throw new Error(`cannot reverse ${amountCents} of transfer ${transferId}`);
        }
        const id = newId("trr");
        await tx.insert(simTransferReversals).values({ id, idempotencyKey, transferId, amountCents });
        await tx
          .update(simTransfers)
          .set({ reversedCents: sql`${simTransfers.reversedCents} + ${amountCents}` })
          .where(eq(simTransfers.id, transferId));
        return { reversalId: id };
      });
    },
  };
}
