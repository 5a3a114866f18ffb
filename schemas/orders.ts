import { z } from "zod";
import { shippingAddressSchema } from "./delivery.ts";
import { nestedFromForm } from "./form-values.ts";
import { requiredText } from "./text-fields.ts";
import { DELIVERY_METHODS, type DeliveryMethod, ORDER_STATUSES, type OrderStatus } from "./values.ts";

const advertId = z.string().min(1, "Choose a laptop to book");
const phone = z
  .string({ error: "Phone Number is required" })
  .trim()
  .min(1, "Phone Number is required")
  // As people write it: "+880 1712-345678" is kept as "+8801712345678" (a + only before the country code).
  .transform((phone) => phone.replace(/[\s\-().]/g, ""))
  .pipe(
    z
      .string()
      .regex(/^\+?\d+$/, "Phone Number must contain digits only")
      .refine((phone) => phone.replace("+", "").length >= 6, "Phone Number must have at least 6 digits")
      .refine((phone) => phone.replace("+", "").length <= 15, "Phone Number must have at most 15 digits"),
  );

export const CHOOSE_DELIVERY = "Choose Meet in person or Ship to me";

/**
 * The booking modal: the buyer says how they want the laptop — where to meet (the default, as before
 * delivery could be chosen), or the address to ship it to, offered when its seller ships — and a phone.
 * Everything else, prices included, comes from the server.
 */
export const bookingSchema = z.discriminatedUnion(
  "delivery",
  [
    z.object({
      delivery: z.literal("meet").default("meet"),
      advertId,
      meetingLocation: requiredText("Meeting location is required").max(
        200,
        "Meeting location must be 200 characters or fewer",
      ),
      phone,
    }),
    z.object({ delivery: z.literal("ship"), advertId, shippingAddress: shippingAddressSchema, phone }),
  ],
  { error: CHOOSE_DELIVERY },
);

/** The booking form: its address fields are named by path ("shippingAddress.city"), as their errors are. */
export const bookingFormSchema = nestedFromForm(bookingSchema, ["shippingAddress"]);

/** The simulated provider's card form (Stripe's own form replaces it with the stripe provider). */
export const cardSchema = z.object({
  cardNumber: z.string({ error: "Your card number is incomplete." }).trim().min(1, "Your card number is incomplete."),
  expiry: z
    .string({ error: "Your card's expiration date is incomplete." })
    .trim()
    .min(1, "Your card's expiration date is incomplete."),
  cvc: z
    .string({ error: "Your card's security code is incomplete." })
    .trim()
    .min(1, "Your card's security code is incomplete."),
  attemptKey: z.string().min(8).max(64),
});

/** What booking takes: the API's parsed body, or a seed's own (without `delivery`, a meeting). */
export type BookingInput = z.input<typeof bookingSchema>;
export type CardInput = z.infer<typeof cardSchema>;

/* ── Replies ─────────────────────────────────────────────────────────────── */

/** An order as its buyer sees it (My Orders, the payment page, the API). */
export const orderSchema = z
  .object({
    id: z.uuid(),
    /** The short number people quote ("RL-7F3K2Q"). */
    number: z.string(),
    advertId: z.uuid(),
    productName: z.string(),
    productImageUrl: z.string(),
    /** The laptop's price; the buyer pays it and `shippingCents`. */
    priceCents: z.int(),
    delivery: z.enum(DELIVERY_METHODS),
    /** What shipping costs on a shipped order (0 for a meeting). */
    shippingCents: z.int(),
    status: z.enum(ORDER_STATUSES),
    buyerName: z.string(),
    buyerEmail: z.string(),
    /** Where they meet; null for a shipped order. */
    meetingLocation: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "Order" });
export type OrderView = z.infer<typeof orderSchema>;
/** My Orders: an order with its seller (to message them, or see their page). */
export const myOrderSchema = orderSchema.extend({
  sellerId: z.string(),
  sellerName: z.string(),
  /** When the buyer said they received it ("I received it"), or null. */
  receivedAt: z.string().nullable(),
  /** What went back to the buyer: a refund in part or whole, or 0. */
  refundedCents: z.int(),
});
export type MyOrder = z.infer<typeof myOrderSchema>;
export const orderListSchema = z.object({ orders: z.array(myOrderSchema) });

/** Admins: an order an account took part in, as buyer or seller, with its payment. */
export const accountOrderSchema = orderSchema.extend({
  role: z.enum(["buyer", "seller"]),
  sellerName: z.string(),
  transactionId: z.string().nullable(),
  paymentStatus: z.string().nullable(),
});
export type AccountOrder = z.infer<typeof accountOrderSchema>;
export const accountOrderListSchema = z.object({ orders: z.array(accountOrderSchema) });

export const paidReplySchema = z.object({ status: z.literal("paid") });
/** Stripe: the laptop is held and the browser confirms the intent with Stripe Elements, or it was paid already. */
export const paymentIntentReplySchema = z.object({
  status: z.enum(["requires_payment", "paid"]),
  clientSecret: z.string().optional(),
  publishableKey: z.string().optional(),
});
export const settleReplySchema = z.object({ status: z.enum(["paid", "pending"]) });
/** `refunding`: the provider could not be reached; the refund is finished shortly. */
export const cancelReplySchema = z.object({ status: z.enum(["cancelled", "refunding", "refunded"]) });
export type CancelOutcome = z.infer<typeof cancelReplySchema>["status"];

/** Why a booking can no longer be paid: the laptop went to another buyer, or left the catalogue. */
export const SOLD = "This laptop has already been sold";
export const NO_LONGER_FOR_SALE = "This laptop is no longer for sale.";
/** A block in a conversation ends all contact between two people, bookings included. */
export const BLOCKED_BOOKING = "You cannot book this laptop: you or its seller blocked the other.";

/** What the buyer reads for each order status. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  booked: "Booked",
  paying: "Payment in progress",
  paid: "Paid",
  handed_over: "Handed over",
  disputed: "Problem reported",
  refunding: "Refund in progress",
  completed: "Completed",
  cancelled: "Cancelled",
  refunded: "Refunded",
  closed: SOLD,
  withdrawn: NO_LONGER_FOR_SALE,
  declined: "Declined by the seller",
};

/**
 * An order's status as its badge says it. A shipped order is handed over when it is posted: "Shipped" while the
 * parcel is on its way, "Received" once its buyer says so; a status read without its delivery says it plainly.
 */
export function orderStatusLabel(order: {
  status: OrderStatus;
  delivery?: DeliveryMethod;
  receivedAt?: string | Date | null;
}): string {
  if (order.status === "handed_over" && order.delivery === "ship") return order.receivedAt ? "Received" : "Shipped";
  return ORDER_STATUS_LABELS[order.status];
}

/** My Sales: what the seller does next about an order in each status. */
export const SALE_NEXT_STEPS: Record<OrderStatus, string> = {
  booked: "Decline or wait for payment",
  paying: "The buyer is paying — wait a moment",
  paid: "Paid — hand the laptop over",
  handed_over: "Handed over — the buyer protection window is open",
  disputed: "Problem reported — answer it on the order's page",
  refunding: "Being refunded — nothing to do",
  completed: "Completed — nothing to do",
  cancelled: "Cancelled by the buyer — nothing to do",
  refunded: "Refunded — nothing to do",
  closed: "Sold to another buyer — nothing to do",
  withdrawn: "Withdrawn — nothing to do",
  declined: "Declined — nothing to do",
};

/** My Sales: where a laptop to be shipped differs from one handed over in person. */
export const SHIPPED_SALE_NEXT_STEPS: Partial<Record<OrderStatus, string>> = {
  paid: "Paid — ship it, then mark it as shipped",
  handed_over: "Shipped — on its way to the buyer",
};

/** My Sales: what the seller does next about an order, by its status and how it reaches its buyer. */
export function saleNextStep(order: { status: OrderStatus; delivery: DeliveryMethod; receivedAt: Date | null }) {
  if (order.delivery !== "ship") return SALE_NEXT_STEPS[order.status];
  if (order.status === "handed_over" && order.receivedAt) return "Received — the buyer protection window is open";
  return SHIPPED_SALE_NEXT_STEPS[order.status] ?? SALE_NEXT_STEPS[order.status];
}
