/** Payments, and the simulated card provider's own ledger (the default provider, no keys needed) (core/payments). */
import { integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { PAYMENT_STATUSES } from "../../schemas/values.ts";
import { createdAt, uuidPrimaryKey, uuidRef } from "./columns.ts";
import { orders } from "./orders.ts";

export const payments = pgTable(
  "payments",
  {
    id: uuidPrimaryKey(),
    orderId: uuidRef("order_id", () => orders.id, "restrict"),
    /** The advert paid for (the spec's productId). */
    advertId: uuid("advert_id").notNull(),
    email: text("email").notNull(),
    priceCents: integer("price_cents").notNull(),
    provider: text("provider").notNull(),
    /** The provider's charge or payment intent id (the spec's transactionId). */
    transactionId: text("transaction_id").notNull(),
    status: text("status", { enum: PAYMENT_STATUSES }).notNull(),
    refundId: text("refund_id"),
    /** What is being or was returned to the buyer: the whole charge, or a part an admin decided on a dispute. */
    refundCents: integer("refund_cents"),
    createdAt: createdAt(),
    refundedAt: timestamp("refunded_at", { withTimezone: true, precision: 3 }),
  },
  (t) => [
    uniqueIndex("payments_transaction_idx").on(t.provider, t.transactionId),
    // An order is paid once, however often a payment is retried or reported.
    uniqueIndex("payments_one_per_order_idx").on(t.orderId),
  ],
);

export const simIntents = pgTable("sim_payment_intents", {
  id: text("id").primaryKey(),
  idempotencyKey: text("idempotency_key").notNull().unique(),
  amountCents: integer("amount_cents").notNull(),
  currency: text("currency").notNull().default("usd"),
  status: text("status", { enum: ["requires_payment_method", "succeeded"] }).notNull(),
  orderId: uuid("order_id"),
  lastError: text("last_error"),
  createdAt: createdAt(),
});

/** One charge per intent, as Stripe has it: a second attempt on an intent finds the first one's charge. */
export const simCharges = pgTable("sim_charges", {
  id: text("id").primaryKey(),
  intentId: text("intent_id")
    .notNull()
    .unique()
    .references(() => simIntents.id),
  amountCents: integer("amount_cents").notNull(),
  cardLast4: text("card_last4").notNull(),
  amountRefundedCents: integer("amount_refunded_cents").notNull().default(0),
  createdAt: createdAt(),
});

export const simRefunds = pgTable("sim_refunds", {
  id: text("id").primaryKey(),
  chargeId: text("charge_id")
    .notNull()
    .references(() => simCharges.id),
  amountCents: integer("amount_cents").notNull(),
  createdAt: createdAt(),
});
