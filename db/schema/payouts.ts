/** Payouts to sellers, and the simulated payout provider's own record (core/payouts). */
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { PAYOUT_ACCOUNT_STATUSES, PAYOUT_STATUSES } from "../../schemas/values.ts";
import { userRef } from "./accounts.ts";
import { createdAt, oneOf, timestamps, uuidPrimaryKey, uuidRef } from "./columns.ts";
import { orders } from "./orders.ts";

/** A seller's payout account at the payout provider. Bank details are never kept: the last four digits only. */
export const payoutAccounts = pgTable(
  "payout_accounts",
  {
    sellerId: userRef("seller_id", "cascade").primaryKey(),
    provider: text("provider").notNull(),
    externalId: text("external_id").notNull(),
    status: text("status", { enum: PAYOUT_ACCOUNT_STATUSES }).notNull(),
    holder: text("holder"),
    bankLast4: text("bank_last4"),
    ...timestamps(),
  },
  (t) => [
    check("payout_accounts_status_check", sql`${t.status} in (${oneOf(PAYOUT_ACCOUNT_STATUSES)})`),
    uniqueIndex("payout_accounts_external_idx").on(t.provider, t.externalId),
  ],
);

/**
 * One transfer of one completed order's share to its seller (Stripe ties a transfer to its charge). The row's
 * id is the transfer's idempotency key, and an order has one: its money is never sent twice.
 */
export const payouts = pgTable(
  "payouts",
  {
    id: uuidPrimaryKey(),
    orderId: uuidRef("order_id", () => orders.id, "restrict"),
    sellerId: userRef("seller_id", "restrict"),
    amountCents: integer("amount_cents").notNull(),
    /** See core/payouts/payout-states.ts. */
    status: text("status", { enum: PAYOUT_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    lastError: text("last_error"),
    provider: text("provider").notNull(),
    transferId: text("transfer_id"),
    /** Taken back after a refund at the card provider (a transfer reversal). */
    reversedCents: integer("reversed_cents").notNull().default(0),
    reversalId: text("reversal_id"),
    paidAt: timestamp("paid_at", { withTimezone: true, precision: 3 }),
    ...timestamps(),
  },
  (t) => [
    check("payouts_status_check", sql`${t.status} in (${oneOf(PAYOUT_STATUSES)})`),
    check("payouts_amount_check", sql`${t.amountCents} > 0`),
    uniqueIndex("payouts_order_idx").on(t.orderId),
    // The payout job reads only what is due.
    index("payouts_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('pending', 'sending', 'failed', 'reversing')`),
    index("payouts_seller_idx").on(t.sellerId, t.createdAt.desc(), t.id.desc()),
  ],
);

/** The simulated payout provider's own record, as a real provider keeps one: accounts, transfers, reversals. */
export const simPayoutAccounts = pgTable("sim_payout_accounts", {
  id: text("id").primaryKey(),
  sellerId: text("seller_id").notNull().unique(),
  holder: text("holder").notNull(),
  bankLast4: text("bank_last4").notNull(),
  createdAt: createdAt(),
});

export const simTransfers = pgTable("sim_transfers", {
  id: text("id").primaryKey(),
  idempotencyKey: text("idempotency_key").notNull().unique(),
  destination: text("destination").notNull(),
  orderId: text("order_id").notNull(),
  sourceTransaction: text("source_transaction").notNull(),
  amountCents: integer("amount_cents").notNull(),
  reversedCents: integer("reversed_cents").notNull().default(0),
  createdAt: createdAt(),
});

export const simTransferReversals = pgTable("sim_transfer_reversals", {
  id: text("id").primaryKey(),
  idempotencyKey: text("idempotency_key").notNull().unique(),
  transferId: text("transfer_id")
    .notNull()
    .references(() => simTransfers.id),
  amountCents: integer("amount_cents").notNull(),
  createdAt: createdAt(),
});
