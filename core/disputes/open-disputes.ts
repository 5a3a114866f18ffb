import { and, count, eq, isNull } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { keysetCursor, pastCursor } from "../../db/order.ts";
import { disputes, orders, payments, users } from "../../db/schema/index.ts";
import { BAD_DISPUTES_CURSOR, type DisputesPage } from "../../schemas/disputes.ts";
import { requireAdmin, type SessionUser } from "../accounts/index.ts";
import { AppError } from "../errors.ts";
import { mediaUrl } from "../media/index.ts";
import { orderTimelines } from "../orders/index.ts";
import { exchangesOf, toDisputeView } from "./dispute-view.ts";

/** Open disputes per page: each carries its whole exchange and its order's timeline. */
export const DISPUTES_PAGE_SIZE = 10;

/** A keyset cursor: the last dispute shown (when it was opened, which one), opaque to clients. */
const cursors = keysetCursor(["time", "id"]);

const openDispute = isNull(disputes.decidedAt);

/**
 * A page of open disputes (the first, or the one past a cursor), the longest waiting first, straight from
 * `disputes_open_idx` in its order (tests/integration/keyset-plans.test.ts); each with its order, its seller's
 * name and what the buyer paid, by primary and unique keys.
 */
export function openDisputesQuery(q: Db | Tx, { after, limit }: { after: string[] | null; limit: number }) {
  const order = [disputes.createdAt, disputes.id];
  return q
    .select({
      dispute: disputes,
      order: {
        id: orders.id,
        number: orders.number,
        status: orders.status,
        productName: orders.productName,
        productImageKey: orders.productImageKey,
        buyerId: orders.buyerId,
        buyerName: orders.buyerName,
        sellerId: orders.sellerId,
        handedOverAt: orders.handedOverAt,
      },
      sellerName: users.name,
      chargedCents: payments.priceCents,
    })
    .from(disputes)
    .innerJoin(orders, eq(orders.id, disputes.orderId))
    .innerJoin(users, eq(users.id, orders.sellerId))
    .innerJoin(payments, eq(payments.orderId, orders.id))
    .where(and(openDispute, after ? pastCursor("asc", order, after) : undefined))
    .orderBy(...order)
    .limit(limit);
}

/**
 * Admins' Disputes: every open dispute, the longest waiting first, keyset-paged along `disputes_open_idx`;
 * each with its order (both people, what was charged), the order's timeline and the whole exchange.
 */
export async function listOpenDisputes(
  q: Db | Tx,
  admin: SessionUser,
  { cursor, limit = DISPUTES_PAGE_SIZE }: { cursor?: string; limit?: number } = {},
): Promise<DisputesPage> {
  requireAdmin(admin);
  const after = cursor ? cursors.decode(cursor) : null;
  if (cursor && !after) throw new AppError("VALIDATION_FAILED", BAD_DISPUTES_CURSOR, { cursor: BAD_DISPUTES_CURSOR });
  const rows = await openDisputesQuery(q, { after, limit: limit + 1 });
  const page = rows.slice(0, limit);
  const exchanges = await exchangesOf(
    q,
    page.map((r) => r.dispute.id),
  );
  // Every timeline of the page in one query, as its exchanges above.
  const timelines = await orderTimelines(
    q,
    page.map((r) => r.order.id),
  );
  const items = page.map(({ dispute, order: o, sellerName, chargedCents }) => ({
    ...toDisputeView(dispute, exchanges.get(dispute.id) ?? [], false),
    order: {
      id: o.id,
      number: o.number,
      status: o.status,
      productName: o.productName,
      productImageUrl: mediaUrl(o.productImageKey),
      chargedCents,
      buyer: { id: o.buyerId, name: o.buyerName },
      seller: { id: o.sellerId, name: sellerName },
      handedOverAt: o.handedOverAt?.toISOString() ?? null,
      events: timelines.get(o.id) ?? [],
    },
  }));
  const last = page.at(-1)?.dispute;
  return { items, next: rows.length > limit && last ? cursors.encode(last.createdAt, last.id) : null };
}

/** How many disputes wait for an admin's decision: the Disputes entry's count in the admins' menu. */
export async function countOpenDisputes(q: Db | Tx, admin: SessionUser): Promise<number> {
  requireAdmin(admin);
  const [row] = await q.select({ n: count() }).from(disputes).where(openDispute);
  return Number(row?.n ?? 0);
}
