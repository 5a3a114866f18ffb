/** Disputes: a buyer's problem with a laptop received, and an admin's decision (core/disputes). */
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { DISPUTE_DECISIONS, DISPUTE_REASONS, DISPUTE_SIDES } from "../../schemas/values.ts";
import { users } from "./accounts.ts";
import { createdAt, oneOf, uuidPrimaryKey, uuidRef } from "./columns.ts";
import { orders } from "./orders.ts";

export const disputes = pgTable(
  "disputes",
  {
    id: uuidPrimaryKey(),
    /** One dispute per order. */
    orderId: uuidRef("order_id", () => orders.id, "cascade"),
    reason: text("reason", { enum: DISPUTE_REASONS }).notNull(),
    /** Open until an admin decides; the decision, its amount (a partial refund) and why. */
    decision: text("decision", { enum: DISPUTE_DECISIONS }),
    refundCents: integer("refund_cents"),
    decisionReason: text("decision_reason"),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true, precision: 3 }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("disputes_order_idx").on(t.orderId),
    check("disputes_reason_check", sql`${t.reason} in (${oneOf(DISPUTE_REASONS)})`),
    check("disputes_decision_check", sql`${t.decision} in (${oneOf(DISPUTE_DECISIONS)})`),
    check("disputes_refund_check", sql`${t.refundCents} > 0`),
    // The admins' queue: open disputes, oldest first, keyset-paged.
    index("disputes_open_idx").on(t.createdAt, t.id).where(sql`${t.decidedAt} is null`),
  ],
);

/** The exchange on a dispute: the buyer's report first, then both sides' answers, each with up to 5 photos. */
export const disputeMessages = pgTable(
  "dispute_messages",
  {
    id: uuidPrimaryKey(),
    disputeId: uuidRef("dispute_id", () => disputes.id, "cascade"),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    side: text("side", { enum: DISPUTE_SIDES }).notNull(),
    body: text("body").notNull(),
    photoKeys: text("photo_keys").array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [
    index("dispute_messages_dispute_idx").on(t.disputeId, t.createdAt),
    check("dispute_messages_side_check", sql`${t.side} in (${oneOf(DISPUTE_SIDES)})`),
  ],
);
