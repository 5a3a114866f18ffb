import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orders, payouts, users } from "../../db/schema/index.ts";

/** Admins' Finance: transfers that failed and wait for a retry, oldest retry first (the due index's order). */
export async function failedTransfers(db: Db, limit = 50) {
  const rows = await db
    .select({
      orderId: payouts.orderId,
      orderNumber: orders.number,
      sellerName: users.name,
      amountCents: payouts.amountCents,
      attempts: payouts.attempts,
      reason: payouts.lastError,
      nextAttemptAt: payouts.nextAttemptAt,
    })
    .from(payouts)
    .innerJoin(orders, eq(orders.id, payouts.orderId))
    .innerJoin(users, eq(users.id, payouts.sellerId))
    .where(eq(payouts.status, "failed"))
    .orderBy(asc(payouts.nextAttemptAt))
    .limit(limit);
  return rows.map((r) => ({ ...r, reason: r.reason ?? "", nextAttemptAt: r.nextAttemptAt.toISOString() }));
}
