import { eq, or } from "drizzle-orm";
import { orders } from "../../db/schema/index.ts";
import { isAdmin, type SessionUser } from "../accounts/index.ts";
import { mediaUrl } from "../media/index.ts";

/** What every list and page of orders shows of one: which order and laptop, what it costs, how it comes, where it is. */
export const orderBasics = {
  id: orders.id,
  number: orders.number,
  status: orders.status,
  advertId: orders.advertId,
  productName: orders.productName,
  productImageKey: orders.productImageKey,
  priceCents: orders.priceCents,
  delivery: orders.delivery,
  shippingCents: orders.shippingCents,
  createdAt: orders.createdAt,
};

/** An order as its buyer sees it (My Orders, the payment page), and admins in an account's orders. */
export const buyersOrder = {
  ...orderBasics,
  buyerName: orders.buyerName,
  buyerEmail: orders.buyerEmail,
  meetingLocation: orders.meetingLocation,
};

/** A row as it is sent: its laptop's photo by address, when it was booked as ISO text. */
export function shown<Row extends { productImageKey: string; createdAt: Date }>({
  productImageKey,
  createdAt,
  ...row
}: Row) {
  return { ...row, productImageUrl: mediaUrl(productImageKey), createdAt: createdAt.toISOString() };
}

/** Who reads an order: its buyer, its laptop's seller and admins — said in the query itself. */
export const readableBy = (actor: SessionUser) =>
  isAdmin(actor) ? undefined : or(eq(orders.buyerId, actor.id), eq(orders.sellerId, actor.id));

/** Which of them this reader is. */
export const readerOf = (actor: SessionUser, order: { buyerId: string; sellerId: string }) =>
  order.buyerId === actor.id
    ? ("buyer" as const)
    : order.sellerId === actor.id
      ? ("seller" as const)
      : ("admin" as const);
