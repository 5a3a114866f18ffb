import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { descAsIndexed, keysetCursor, pastCursor } from "../../db/order.ts";
import { orders } from "../../db/schema/index.ts";
import { saleNextStep } from "../../schemas/orders.ts";
import { BAD_SALES_CURSOR, type SalesPage } from "../../schemas/sales.ts";
import type { OrderStatus } from "../../schemas/values.ts";
import { forbidden, mayEnter, type SessionUser } from "../accounts/index.ts";
import { AppError } from "../errors.ts";
import { deliveryView } from "./delivery-view.ts";
import { actionsFor } from "./order-timeline.ts";
import { orderBasics, shown } from "./order-view.ts";

export const SALES_PAGE_SIZE = 20;

/** A keyset cursor: the last sale shown (when it was booked, which order), opaque to clients. */
const cursors = keysetCursor(["time", "id"]);

/**
 * A page of a seller's orders (the first, or the one past a cursor), newest first, straight from
 * `orders_seller_newest_idx` in its order (tests/integration/keyset-plans.test.ts); a status filters that scan.
 */
export function salesQuery(
  q: Db | Tx,
  sellerId: string,
  { status, after, limit }: { status?: OrderStatus; after: string[] | null; limit: number },
) {
  const order = [orders.createdAt, orders.id];
  return q
    .select({
      ...orderBasics,
      shippingAddress: orders.shippingAddress,
      carrier: orders.carrier,
      trackingNumber: orders.trackingNumber,
      receivedAt: orders.receivedAt,
      buyerName: orders.buyerName,
      buyerPhone: orders.buyerPhone,
      meetingLocation: orders.meetingLocation,
    })
    .from(orders)
    .where(
      and(
        eq(orders.sellerId, sellerId),
        status ? eq(orders.status, status) : undefined,
        after ? pastCursor("desc", order, after) : undefined,
      ),
    )
    .orderBy(...order.map(descAsIndexed))
    .limit(limit);
}

/**
 * My Sales: every order on the seller's laptops, newest first, with its buyer, their phone and meeting place
 * or shipping address (once paid) and what to do next — always the caller's own (`seller_id` is the session's account, in the query), read
 * straight from `orders_seller_newest_idx` a page at a time. Everything shown was copied onto the order at
 * booking, so nothing is joined.
 */
export async function listSales(
  q: Db | Tx,
  actor: SessionUser,
  { status, cursor, limit = SALES_PAGE_SIZE }: { status?: OrderStatus; cursor?: string; limit?: number } = {},
): Promise<SalesPage> {
  if (!mayEnter(actor, "seller")) throw forbidden();
  const after = cursor ? cursors.decode(cursor) : null;
  if (cursor && !after) throw new AppError("VALIDATION_FAILED", BAD_SALES_CURSOR, { cursor: BAD_SALES_CURSOR });
  const rows = await salesQuery(q, actor.id, { status, after, limit: limit + 1 });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => {
      const {
        shippingAddress: _address,
        carrier: _carrier,
        trackingNumber: _trackingNumber,
        receivedAt,
        ...sale
      } = shown(row);
      return {
        ...sale,
        receivedAt: receivedAt?.toISOString() ?? null,
        // The buyer's address only once paid (delivery-view.ts); the rest of the order is the seller's own.
        ...deliveryView("seller", row),
        nextStep: saleNextStep(row),
        can: actionsFor("seller", row),
      };
    }),
    next: rows.length > limit && last ? cursors.encode(last.createdAt, last.id) : null,
  };
}
