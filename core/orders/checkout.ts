import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { orders } from "../../db/schema/index.ts";
import type { OrderView } from "../../schemas/orders.ts";
import type { SessionUser } from "../accounts/index.ts";
import type { PaymentProvider } from "../payments/index.ts";
import { buyersOrder, shown } from "./order-view.ts";
import { orderNotFound } from "./transition.ts";

/**
 * The payment page: the buyer's order (404 for anyone else's) and how it is paid here — our card form (with a
 * fresh attempt key per view, so a double click or a retried submission charges once), Stripe's, or nothing to pay.
 */
export async function checkout(q: Db | Tx, provider: PaymentProvider, actor: SessionUser, orderId: string) {
  const [row] = await q
    .select(buyersOrder)
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.buyerId, actor.id)));
  if (!row) throw orderNotFound();
  const order: OrderView = shown(row);
  if (order.status !== "booked") return { order, payWith: null };
  const payWith =
    provider.flow === "intent"
      ? { form: "stripe" as const, publishableKey: provider.publishableKey }
      : { form: "card" as const, attemptKey: randomUUID() };
  return { order, payWith };
}
