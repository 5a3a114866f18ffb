/** The double-entry ledger and its day totals (core/ledger). */
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { LEDGER_ACCOUNTS } from "../../schemas/values.ts";
import { users } from "./accounts.ts";
import { createdAt, oneOf } from "./columns.ts";
import { orders } from "./orders.ts";

/**
 * The double-entry ledger (core/ledger): every movement of money is a group of entries that sums to zero,
 * written in the transaction of the transition that moves it, and never updated or deleted (a trigger refuses).
 * Debits are positive: see core/ledger/accounts.ts for what each account holds.
 */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    groupId: uuid("group_id").notNull(),
    account: text("account", { enum: LEDGER_ACCOUNTS }).notNull(),
    /** Whose payable (the seller accounts), and for which order; both kept on every entry that has them. */
    sellerId: text("seller_id").references(() => users.id, { onDelete: "restrict" }),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "restrict" }),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    /** What moved it: an order transition (pay, complete, refund…) or a payout step. */
    movement: text("movement").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("ledger_entries_account_check", sql`${t.account} in (${oneOf(LEDGER_ACCOUNTS)})`),
    check("ledger_entries_amount_check", sql`${t.amountCents} <> 0`),
    index("ledger_entries_order_idx").on(t.orderId),
    index("ledger_entries_group_idx").on(t.groupId),
    // A seller's balances: their entries by account (core/payouts/balances.ts).
    index("ledger_entries_seller_idx").on(t.sellerId, t.account, t.orderId).where(sql`${t.sellerId} is not null`),
    // Today's figures on Finance, and the day totals the rollup job keeps.
    index("ledger_entries_created_idx").on(t.createdAt),
  ],
);

/** Each finished UTC day's sums by account and movement: Finance reads these, not millions of entries. */
export const ledgerDayTotals = pgTable(
  "ledger_day_totals",
  {
    day: date("day", { mode: "string" }).notNull(),
    account: text("account", { enum: LEDGER_ACCOUNTS }).notNull(),
    movement: text("movement").notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    entries: integer("entries").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.account, t.movement] })],
);

/** The days whose totals are in ledger_day_totals (a day with no entries is rolled up too). */
export const ledgerRolledDays = pgTable("ledger_rolled_days", {
  day: date("day", { mode: "string" }).primaryKey(),
  rolledAt: timestamp("rolled_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});
