/** Orders and every change of their state (core/orders). */
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { ShippingAddress } from "../../schemas/delivery.ts";
import { DELIVERY_METHODS, OPEN_ORDER_STATUSES, ORDER_STATUSES } from "../../schemas/values.ts";
import { userRef } from "./accounts.ts";
import { adverts } from "./catalogue.ts";
import { oneOf, statusChange, timestamps, uuidPrimaryKey, uuidRef } from "./columns.ts";

export const orders = pgTable(
  "orders",
  {
    id: uuidPrimaryKey(),
    advertId: uuidRef("advert_id", () => adverts.id, "restrict"),
    buyerId: userRef("buyer_id", "restrict"),
    /** The laptop's seller, copied at booking: My Sales pages through a seller's orders on its own index. */
    sellerId: userRef("seller_id", "restrict"),
    /** The short number people quote ("RL-7F3K2Q"): core/orders/order-number.ts. */
    number: text("number").notNull(),
    /** Copied at booking: the order keeps what the buyer agreed to, whatever happens to the account or advert. */
    buyerName: text("buyer_name").notNull(),
    buyerEmail: text("buyer_email").notNull(),
    /** Meet in person (meetingLocation) or ship (shippingAddress, shown to the seller once paid). */
    delivery: text("delivery", { enum: DELIVERY_METHODS }).notNull().default("meet"),
    meetingLocation: text("meeting_location"),
    shippingAddress: jsonb("shipping_address").$type<ShippingAddress>(),
    buyerPhone: text("buyer_phone").notNull(),
    /** The laptop's price; shippingCents is added for a shipped order (the charge is their sum). */
    priceCents: integer("price_cents").notNull(),
    shippingCents: integer("shipping_cents").notNull().default(0),
    /**
     * ReLaptop's fee, fixed when the order is paid: the rule then in force (schemas/fees.ts) and what it came to
     * on the charge. A dispute's partial refund applies the same rule to what the sale keeps.
     */
    feeBasisPoints: integer("fee_basis_points"),
    feeFixedCents: integer("fee_fixed_cents"),
    feeCents: integer("fee_cents"),
    /** A shipped order's carrier and tracking number, as the seller typed them. */
    carrier: text("carrier"),
    trackingNumber: text("tracking_number"),
    /** When the laptop was handed over (met) or shipped, and when the buyer said they received it. */
    handedOverAt: timestamp("handed_over_at", { withTimezone: true, precision: 3 }),
    receivedAt: timestamp("received_at", { withTimezone: true, precision: 3 }),
    /**
     * When the order's timer runs out in its current status (core/orders/deadlines.ts): an unpaid booking
     * closes, a paid order never handed over is refunded, a protection window ends. Null: nothing is due.
     */
    deadlineAt: timestamp("deadline_at", { withTimezone: true, precision: 3 }),
    /** The deadline whose 24-hour reminder was sent (so each deadline reminds once). */
    remindedFor: timestamp("reminded_for", { withTimezone: true, precision: 3 }),
    productName: text("product_name").notNull(),
    productImageKey: text("product_image_key").notNull(),
    /** See core/orders/order-states.ts for who moves an order and when. */
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("booked"),
    ...timestamps(),
  },
  (t) => [
    check("orders_status_check", sql`${t.status} in (${oneOf(ORDER_STATUSES)})`),
    check("orders_price_check", sql`${t.priceCents} > 0`),
    check("orders_shipping_check", sql`${t.shippingCents} >= 0`),
    check("orders_delivery_check", sql`${t.delivery} in (${oneOf(DELIVERY_METHODS)})`),
    // The deadlines job reads only what is due (core/orders/deadlines.ts).
    index("orders_deadline_idx").on(t.deadlineAt).where(sql`${t.deadlineAt} is not null`),
    // One open order per buyer and laptop: booking twice is refused by the database itself.
    uniqueIndex("orders_open_per_buyer_idx")
      .on(t.advertId, t.buyerId)
      .where(sql`${t.status} in (${oneOf(OPEN_ORDER_STATUSES)})`),
    // The sweep that finishes payments and refunds a crash interrupted reads these few orders.
    index("orders_in_flight_idx").on(t.updatedAt).where(sql`${t.status} in ('paying', 'refunding')`),
    index("orders_buyer_idx").on(t.buyerId, t.createdAt.desc()),
    uniqueIndex("orders_number_idx").on(t.number),
    // My Sales: a seller's orders newest first, keyset-paged (core/orders/list-sales.ts).
    index("orders_seller_newest_idx").on(t.sellerId, t.createdAt.desc(), t.id.desc()),
    index("orders_advert_idx").on(t.advertId),
    // The dashboard's counts of what waits on a buyer or a seller read only these few (core/orders/to-do.ts).
    index("orders_buyer_waiting_idx")
      .on(t.buyerId, t.status)
      .where(sql`${t.status} in ('booked', 'paid', 'handed_over')`),
    index("orders_seller_waiting_idx")
      .on(t.sellerId, t.status)
      .where(sql`${t.status} in ('booked', 'paid', 'disputed')`),
  ],
);

/** Every state change of an order: when, from what, to what, and who did it. */
export const orderEvents = pgTable(
  "order_events",
  {
    id: uuidPrimaryKey(),
    orderId: uuidRef("order_id", () => orders.id, "cascade"),
    /** Null on the first (the booking). */
    fromStatus: text("from_status"),
    ...statusChange(),
  },
  (t) => [index("order_events_order_idx").on(t.orderId, t.at)],
);
