import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { payments, simCharges, simIntents, simRefunds } from "../../db/schema/index.ts";
import { cardProblem } from "./card-checks.ts";
import { cardError, type ServerCardProvider } from "./provider.ts";

/** Stripe's test cards that fail, and how. Any other valid card succeeds. */
const FAILING_CARDS: Record<string, string> = {
  "4000000000000002": "Your card was declined.",
  "4000000000009995": "Your card has insufficient funds.",
  "4000000000000069": "Your card has expired.",
  "4000000000000127": "Your card's security code is incorrect.",
};

const newId = (prefix: string) => `${prefix}_sim_${randomBytes(12).toString("hex")}`;

/**
 * The default provider: behaves like Stripe's test mode, with no keys and no network.
 * It keeps its own ledger (payment intents, charges, refunds) in the database, like a real provider would.
 */
export function createSimulatedProvider(db: Db): ServerCardProvider {
  return {
    name: "simulated",
    flow: "server-card",

    /**
     * Like Stripe's: one intent per idempotency key, one charge per intent (unique keys in the ledger, so
     * two attempts at once end with one charge). Two statements when the key is new: a sale's round trips
     * cost both processes CPU.
     */
    async charge({ amountCents, idempotencyKey, orderId, card }) {
      const problem = cardProblem(card);
      if (problem) throw cardError(problem);
      const [created] = await db
        .insert(simIntents)
        .values({ id: newId("pi"), idempotencyKey, amountCents, status: "requires_payment_method", orderId })
        .onConflictDoNothing({ target: simIntents.idempotencyKey })
        .returning();
      const [intent] = created
        ? [created]
        : await db.select().from(simIntents).where(eq(simIntents.idempotencyKey, idempotencyKey));
      if (!intent) throw new Error("payment intent vanished");
      if (intent.amountCents !== amountCents) throw new Error("idempotency key reused for another amount");
      const number = card.number.replace(/[\s-]/g, "");
      const failure = intent.status === "succeeded" ? undefined : FAILING_CARDS[number];
      if (failure) {
        await db.update(simIntents).set({ lastError: failure }).where(eq(simIntents.id, intent.id));
        throw cardError(failure);
      }
      // The charge and the intent's success in one statement; an intent charged already keeps its charge.
      const charged = db.$with("charged").as(
        db
          .insert(simCharges)
          .values({ id: newId("ch"), intentId: intent.id, amountCents, cardLast4: number.slice(-4) })
          .onConflictDoNothing({ target: simCharges.intentId })
          .returning({ id: simCharges.id }),
      );
      const [succeeded] = await db
        .with(charged)
        .update(simIntents)
        .set({ status: "succeeded", lastError: null })
        .where(eq(simIntents.id, intent.id))
        .returning({ chargeId: sql<string | null>`(select ${charged.id} from ${charged})` });
      if (succeeded?.chargeId) return { transactionId: succeeded.chargeId };
      const [existing] = await db
        .select({ id: simCharges.id })
        .from(simCharges)
        .where(eq(simCharges.intentId, intent.id));
      if (!existing) throw new Error("payment intent vanished");
      return { transactionId: existing.id };
    },

    async unrecordedCharges(olderThanMs) {
      const rows = await db.execute(sql`
        select i.order_id as "orderId", c.id as "transactionId"
        from ${simCharges} c
        join ${simIntents} i on i.id = c.intent_id
        left join ${payments} p on p.transaction_id = c.id and p.provider = 'simulated'
        where p.id is null and c.amount_refunded_cents = 0 and i.order_id is not null
          and c.created_at < now() - (${olderThanMs} * interval '1 millisecond')
        limit 100`);
      return (rows as unknown as { rows: { orderId: string; transactionId: string }[] }).rows;
    },

    // The ledger makes refunds idempotent by charge: one refund per charge, of the amount first asked for.
    async refund(transactionId, amountCents) {
      return db.transaction(async (tx) => {
        const [charge] = await tx.select().from(simCharges).where(eq(simCharges.id, transactionId)).for("update");
        if (!charge) throw new Error(`no such charge ${transactionId}`);
        const [previous] = await tx
          .select({ id: simRefunds.id })
          .from(simRefunds)
          .where(eq(simRefunds.chargeId, charge.id));
        if (previous) return { refundId: previous.id };
        const amount = amountCents ?? charge.amountCents;
        // Like Stripe's: never more than was charged, never nothing.
        if (!Number.isInteger(amount) || amount <= 0 || amount > charge.amountCents) {
          throw new Error(`cannot refund ${amount} of charge ${charge.id} (${charge.amountCents})`);
        }
        const id = newId("re");
        await tx.insert(simRefunds).values({ id, chargeId: charge.id, amountCents: amount });
        await tx.update(simCharges).set({ amountRefundedCents: amount }).where(eq(simCharges.id, charge.id));
        return { refundId: id };
      });
    },
  };
}
