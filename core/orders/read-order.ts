import { and, eq, or } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { isUuid } from "../../db/errors.ts";
import { orders, users } from "../../db/schema/index.ts";
import type { OrderDetail } from "../../schemas/sales.ts";
import { isAdmin, mayEnter, type SessionUser } from "../accounts/index.ts";
import { mediaUrl } from "../media/index.ts";
import { deadlineOf } from "./deadlines.ts";
import { deliveryView } from "./delivery-view.ts";
import { actionsFor, orderTimeline } from "./order-timeline.ts";
import { orderNotFound } from "./transition.ts";

/**
 * Who the reader acts as: its buyer, its seller — unless acting as a buyer (the mode switch), when they decline
 * nothing until they switch back, as the action would tell them — or someone who only reads (an admin).
 */
const actingAs = (viewer: OrderDetail["viewer"], actor: SessionUser) =>
  viewer === "buyer" ? "buyer" : viewer === "seller" && mayEnter(actor, "seller") ? "seller" : "reader";

/**
 * An order's page: its buyer, its laptop's seller and admins read it, with the buyer's phone and meeting
 * place or shipping address (deliveryView: the seller's once paid), ReLaptop's fee (its seller and admins), its
 * timeline and what the reader may do now. Anyone else is told it does not exist (404, not 403:
 * an order's id says nothing to a stranger, not even that it is there). Ownership is in the query itself.
 */
export async function readOrder(q: Db | Tx, actor: SessionUser, orderId: string): Promise<OrderDetail> {
  if (!isUuid(orderId)) throw orderNotFound();
  const [row] = await q
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      advertId: orders.advertId,
      productName: orders.productName,
      productImageKey: orders.productImageKey,
      priceCents: orders.priceCents,
      delivery: orders.delivery,
      shippingCents: orders.shippingCents,
      feeCents: orders.feeCents,
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
      createdAt: orders.createdAt,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.sellerId))
    .where(
      and(
        eq(orders.id, orderId),
        isAdmin(actor) ? undefined : or(eq(orders.buyerId, actor.id), eq(orders.sellerId, actor.id)),
      ),
    );
  if (!row) throw orderNotFound();
  const viewer = row.buyerId === actor.id ? "buyer" : row.sellerId === actor.id ? "seller" : "admin";
  const {
    productImageKey,
    buyerId,
    buyerName,
    sellerId,
    sellerName,
    createdAt,
    handedOverAt,
    receivedAt,
    deadlineAt,
    shippingAddress: _address,
    carrier: _carrier,
    trackingNumber: _trackingNumber,
    feeCents,
    ...order
  } = row;
  return {
    ...order,
    ...deliveryView(viewer, row),
    viewer,
    // ReLaptop's fee is between it and the seller: the buyer reads what they pay, not how it is shared.
    feeCents: viewer === "buyer" ? null : feeCents,
    productImageUrl: mediaUrl(productImageKey),
    buyer: { id: buyerId, name: buyerName },
    seller: { id: sellerId, name: sellerName },
    createdAt: createdAt.toISOString(),
    handedOverAt: handedOverAt?.toISOString() ?? null,
    receivedAt: receivedAt?.toISOString() ?? null,
    deadline: deadlineOf(row.status, deadlineAt),
    events: await orderTimeline(q, row.id),
    can: actionsFor(actingAs(viewer, actor), row),
  };
}
