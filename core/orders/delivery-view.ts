import type { orders } from "../../db/schema/index.ts";
import { trackingUrl } from "../../schemas/delivery.ts";
import { type OrderStatus, SALE_STATUSES } from "./order-states.ts";

/** Orders whose money was taken at some point: sold to their buyer, or refunded since. */
const PAID_ONCE: readonly OrderStatus[] = [...SALE_STATUSES, "refunded"];

/**
 * How an order's laptop reaches its buyer, as its page and My Sales show it. The shipping address is the
 * buyer's own and admins' to read; its seller reads it once the order is paid — an unpaid booking would
 * otherwise hand a stranger's address to anyone who lists a laptop. The one place that says so: the
 * order's page and My Sales both read the address through here.
 */
export function deliveryView(
  reader: "buyer" | "seller" | "admin",
  order: Pick<
    typeof orders.$inferSelect,
    "status" | "delivery" | "shippingCents" | "shippingAddress" | "carrier" | "trackingNumber"
  >,
) {
  const addressShown = reader !== "seller" || PAID_ONCE.includes(order.status);
  return {
    delivery: order.delivery,
    shippingCents: order.shippingCents,
    shippingAddress: addressShown ? order.shippingAddress : null,
    shipment:
      order.carrier && order.trackingNumber
        ? {
            carrier: order.carrier,
            trackingNumber: order.trackingNumber,
            trackingUrl: trackingUrl(order.carrier, order.trackingNumber),
          }
        : null,
  };
}
