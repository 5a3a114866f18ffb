import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orderEvents, orders } from "../../db/schema.ts";
import { AppError } from "../errors.ts";
import { canTransition, type OrderStatus, TRANSITIONS, type Transition } from "./order-states.ts";

/** A transaction handle: the same query API as the database. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Moves a locked order through a named transition, or refuses with `refusal`.
 * Call inside the transaction that locked the order (`select … for update`).
 */
export async function applyTransition(
  tx: Tx,
  order: { id: string; status: OrderStatus },
  transition: Transition,
  actorId: string | null,
  refusal: string,
  note?: string,
) {
  if (!canTransition(order.status, transition)) throw new AppError("CONFLICT", refusal);
  const to = TRANSITIONS[transition].to;
  await tx.update(orders).set({ status: to }).where(eq(orders.id, order.id));
  await tx
    .insert(orderEvents)
    .values({ orderId: order.id, fromStatus: order.status, toStatus: to, transition, actorId, note });
}
