import { z } from "zod";
import { shippingAddressReplySchema } from "./delivery.ts";
import { keysetPage } from "./keyset-pages.ts";
import { requiredText } from "./text-fields.ts";
import { DELIVERY_METHODS, ORDER_STATUSES } from "./values.ts";

/**
 * The sale seen from both sides: an order's page (its buyer, its laptop's seller, admins) and the seller's
 * My Sales. The buyer's phone and meeting place are in these replies for the order's seller, admins and the
 * buyer only (core/orders/read-order.ts, list-sales.ts: the query itself is the seller's own).
 */

/** A seller declining a booking tells the buyer why: required, something visible, not an essay. */
export const DECLINE_REASON_REQUIRED = "Tell the buyer why you decline";
export const declineSchema = z.object({
  reason: requiredText(DECLINE_REASON_REQUIRED).max(300, "Keep it under 300 characters"),
});
export type DeclineInput = z.infer<typeof declineSchema>;

/** A parcel is marked as shipped, with its tracking, not as handed over. */
export const SHIP_IT_INSTEAD = "This order is to be shipped: mark it as shipped, with its tracking number.";
/** "I received it" said twice: the protection window counts from the first time. */
export const ALREADY_RECEIVED = "You have already said you received this laptop.";
/**
 * After the handover the buyer cannot cancel (they have the laptop): what is wrong with it is reported, within
 * the protection window, and an admin decides.
 */
export const cancelAfterHandover = (handedOverOn: string) =>
  `The laptop was handed over on ${handedOverOn}, so this order can no longer be cancelled. If something is wrong with it, use Report a problem on the order's page.`;

export const BAD_SALES_CURSOR = "This page of sales does not exist.";

/** My Sales' filter and page: an empty status is every status. */
export const salesQuerySchema = z.object({
  status: z
    .union([z.enum(ORDER_STATUSES), z.literal("")])
    .optional()
    .transform((v) => v || undefined),
  cursor: z.string().max(300).optional(),
});
export type SalesQuery = z.input<typeof salesQuerySchema>;

/** One line of an order's timeline: when, who, what happened, and the note written for people (a reason). */
export const orderEventSchema = z.object({
  at: z.string(),
  who: z.string(),
  what: z.string(),
  note: z.string().nullable(),
});

/** What the viewer may do about the order now (from the order state table and who they are). */
export const orderActionsSchema = z.object({
  pay: z.boolean(),
  cancel: z.boolean(),
  cancelAndRefund: z.boolean(),
  confirmReceipt: z.boolean(),
  accept: z.boolean(),
  /** Report a problem: its buyer, within the buyer protection window (core/disputes). */
  reportProblem: z.boolean(),
  decline: z.boolean(),
  handOver: z.boolean(),
  ship: z.boolean(),
});
export type OrderActions = z.infer<typeof orderActionsSchema>;

/**
 * An order's timer, as its page says it: an unpaid booking ends, a paid order must be handed over (or it is
 * refunded), the buyer protection window ends (and the sale is final).
 */
export const DEADLINE_KINDS = ["bookingEnds", "handoverDue", "protectionEnds"] as const;
export type DeadlineKind = (typeof DEADLINE_KINDS)[number];

/**
 * How the laptop reaches its buyer, on an order's page and in My Sales: met in person, or shipped to an
 * address (its seller reads it once the order is paid) and, once shipped, followed by its tracking number.
 */
const deliveryFields = {
  delivery: z.enum(DELIVERY_METHODS),
  shippingCents: z.int(),
  shippingAddress: shippingAddressReplySchema
    .nullable()
    .meta({ description: "Where to ship: null for a meeting, and for its seller until the order is paid" }),
  shipment: z
    .object({
      carrier: z.string(),
      trackingNumber: z.string(),
      trackingUrl: z
        .string()
        .nullable()
        .meta({ description: "The carrier's tracking page; null for a carrier we do not know" }),
    })
    .nullable(),
};

/** An order's page, with the buyer's phone: only its buyer, its seller and admins may read it at all. */
export const orderDetailSchema = z
  .object({
    id: z.uuid(),
    number: z.string(),
    status: z.enum(ORDER_STATUSES),
    viewer: z.enum(["buyer", "seller", "admin"]),
    advertId: z.uuid(),
    productName: z.string(),
    productImageUrl: z.string(),
    priceCents: z.int(),
    ...deliveryFields,
    feeCents: z.int().nullable().meta({
      description:
        "ReLaptop's fee as it stands (the rule fixed at payment, applied after a partial refund to what the sale kept; none after a whole refund): for its seller and admins; null before payment",
    }),
    refundedCents: z.int().meta({ description: "What went back to the buyer: a refund in part or whole, or 0" }),
    meetingLocation: z.string().nullable(),
    buyerPhone: z.string(),
    buyer: z.object({ id: z.string(), name: z.string() }),
    seller: z.object({
      id: z.string(),
      name: z.string(),
      phone: z.string().meta({ description: "The mobile number on the laptop's advert, for the buyer to call" }),
    }),
    createdAt: z.string(),
    /** When the laptop was handed over (met, or shipped), and when the buyer said they received it. */
    handedOverAt: z.string().nullable(),
    receivedAt: z.string().nullable(),
    /** What happens next by itself, and when (null: nothing is waiting). */
    deadline: z.object({ at: z.string(), what: z.enum(DEADLINE_KINDS) }).nullable(),
    events: z.array(orderEventSchema),
    can: orderActionsSchema,
  })
  .meta({ id: "OrderDetail" });
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** A row of My Sales. */
export const saleSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  nextStep: z.string(),
  advertId: z.uuid(),
  productName: z.string(),
  productImageUrl: z.string(),
  priceCents: z.int(),
  buyerName: z.string(),
  buyerPhone: z.string(),
  meetingLocation: z.string().nullable(),
  ...deliveryFields,
  createdAt: z.string(),
  /** When the buyer said they received it ("I received it"), or null. */
  receivedAt: z.string().nullable(),
  /** What the seller may do about it now (only `decline`, `handOver` and `ship` are ever true here). */
  can: orderActionsSchema,
});
export type Sale = z.infer<typeof saleSchema>;

export const salesPageSchema = keysetPage(saleSchema);
export type SalesPage = z.infer<typeof salesPageSchema>;
