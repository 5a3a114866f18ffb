import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { adverts, ledgerEntries, orders, payments, users } from "../../db/schema/index.ts";
import type { OrderDetail } from "../../schemas/sales.ts";
import { mayEnter, type SessionUser } from "../accounts/index.ts";
import { deadlineOf } from "./deadlines.ts";
import { deliveryView } from "./delivery-view.ts";
import { actionsFor, orderTimeline } from "./order-timeline.ts";
import { orderBasics, readableBy, readerOf, shown } from "./order-view.ts";
import { orderNotFound } from "./transition.ts";

/**
 * Who the reader acts as: its buyer, its seller — unless acting as a buyer (the mode switch), when they decline
 * nothing until they switch back, as the action would tell them — or someone who only reads (an admin).
 */
const actingAs = (viewer: OrderDetail["viewer"], actor: SessionUser) =>
  viewer === "buyer" ? "buyer" : viewer === "seller" && mayEnter(actor, "seller") ? "seller" : "reader";

/**
 * An order's page: its buyer, its laptop's seller and admins read it, with both people's phones (the seller's
 * is the advert's mobile number: the buyer booked to meet or hear from them) and the meeting
 * place or shipping address (deliveryView: the seller's once paid), what went back to the buyer, ReLaptop's fee as
 * it stands (its seller and admins: after a partial refund the smaller fee the ledger holds, core/ledger/postings.ts),
 * its timeline and what the reader may do now. Anyone else is told it does not exist (404, not 403:
 * an order's id says nothing to a stranger, not even that it is there). Ownership is in the query itself.
 */
export async function readOrder(q: Db | Tx, actor: SessionUser, orderId: string): Promise<OrderDetail> {
  const [row] = await q
    .select({
      ...orderBasics,
      // The fee the ledger holds for it now; none before it was paid.
      feeCents: sql<number | null>`case when ${orders.feeCents} is null then null else coalesce((
        select -sum(${ledgerEntries.amountCents}) from ${ledgerEntries}
        where ${ledgerEntries.orderId} = ${orders.id} and ${ledgerEntries.account} = 'platform_fees'
      ), 0)::int end`,
      refundedCents: sql<number>`coalesce(${payments.refundCents}, 0)`,
      shippingAddress: orders.shippingAddress,
      carrier: orders.carrier,
      trackingNumber: orders.trackingNumber,
      meetingLocation: orders.meetingLocation,
      buyerPhone: orders.buyerPhone,
      handedOverAt: orders.handedOverAt,
      receivedAt: orders.receivedAt,
      deadlineAt: orders.deadlineAt,
      buyerId: orders.buyerId,
      buyerName: orders.buyerName,
      sellerId: orders.sellerId,
      sellerName: users.name,
      sellerPhone: adverts.mobile,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.sellerId))
    .innerJoin(adverts, eq(adverts.id, orders.advertId))
    .leftJoin(payments, eq(payments.orderId, orders.id))
    .where(and(eq(orders.id, orderId), readableBy(actor)));
  if (!row) throw orderNotFound();
  const viewer = readerOf(actor, row);
  const {
    buyerId,
    buyerName,
    sellerId,
    sellerName,
    sellerPhone,
    handedOverAt,
    receivedAt,
    deadlineAt,
    shippingAddress: _address,
    carrier: _carrier,
    trackingNumber: _trackingNumber,
    feeCents,
    ...order
  } = shown(row);
  return {
    ...order,
    ...deliveryView(viewer, row),
    viewer,
    // ReLaptop's fee is between it and the seller: the buyer reads what they pay, not how it is shared.
    feeCents: viewer === "buyer" ? null : feeCents,
    buyer: { id: buyerId, name: buyerName },
    seller: { id: sellerId, name: sellerName, phone: sellerPhone },
    handedOverAt: handedOverAt?.toISOString() ?? null,
    receivedAt: receivedAt?.toISOString() ?? null,
    deadline: deadlineOf(row.status, deadlineAt),
    events: await orderTimeline(q, row.id),
    can: actionsFor(actingAs(viewer, actor), row),
  };
}
