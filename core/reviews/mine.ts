import { and, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { reviews } from "../../db/schema/index.ts";
import type { MyReview } from "../../schemas/reviews.ts";
import type { SessionUser } from "../accounts/index.ts";
import { asMine } from "./reviews.ts";

/** The buyer's reviews of these orders (My Orders), in one query. */
export async function reviewsOfOrders(
  db: Db | Tx,
  actor: SessionUser,
  orderIds: string[],
): Promise<Record<string, MyReview>> {
  if (orderIds.length === 0) return {};
  const rows = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.authorId, actor.id), inArray(reviews.orderId, orderIds)));
  return Object.fromEntries(rows.map((r) => [r.orderId, asMine(r)]));
}

/** Of these reviews (a page's, as read from the database), the ones this person wrote: nobody reports their own. */
export async function writtenAmong(db: Db | Tx, actor: SessionUser, reviewIds: string[]): Promise<string[]> {
  if (reviewIds.length === 0) return [];
  const rows = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.authorId, actor.id), inArray(reviews.id, reviewIds)));
  return rows.map((r) => r.id);
}
