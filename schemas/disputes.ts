import { z } from "zod";
import { binaryField, isFile } from "./catalogue.ts";
import { keysetPage } from "./keyset-pages.ts";
import { dollarsToCents, formatPrice } from "./money.ts";
import { orderEventSchema } from "./sales.ts";
import { requiredText } from "./text-fields.ts";
import {
  DISPUTE_DECISIONS,
  DISPUTE_REASONS,
  DISPUTE_SIDES,
  type DisputeDecision,
  type DisputeReason,
  ORDER_STATUSES,
} from "./values.ts";

/**
 * Disputes: a buyer reports a problem with a laptop received (within the buyer protection window), both
 * people write to each other with photos, and an admin decides — the buyer's money back in full or in part,
 * or the sale stands. Requests and replies for the API and the pages alike (core/disputes).
 */

export { DISPUTE_DECISIONS, DISPUTE_REASONS };

/** What the buyer picks when reporting a problem. */
export const DISPUTE_REASON_LABELS: Record<DisputeReason, string> = {
  not_as_described: "Not as described",
  does_not_work: "Does not work",
  not_received: "Not received",
  other: "Other",
};

/** How each decision reads to the people of the order and on the admins' buttons. */
export const DISPUTE_DECISION_LABELS: Record<DisputeDecision, string> = {
  refund: "Refund the buyer",
  partial_refund: "Partial refund",
  release: "Release to the seller",
};

/** Photos each message of a dispute may carry (advert photos' pipeline and checks: core/media). */
export const MAX_DISPUTE_PHOTOS = 5;
/** A message of the exchange: enough to explain, not an essay. */
export const DISPUTE_TEXT_MAX = 2000;

const photos = z
  .unknown()
  .optional()
  .transform((v) => (Array.isArray(v) ? v : [v]).filter(isFile))
  .refine((files) => files.length <= MAX_DISPUTE_PHOTOS, `Add at most ${MAX_DISPUTE_PHOTOS} photos`);

const disputeText = (required: string) =>
  requiredText(required).max(DISPUTE_TEXT_MAX, `Keep it under ${DISPUTE_TEXT_MAX.toLocaleString("en-US")} characters`);

export const DESCRIBE_THE_PROBLEM = "Describe the problem";
export const reportProblemSchema = z.object({
  reason: z.enum(DISPUTE_REASONS, { error: "Choose what is wrong" }),
  description: disputeText(DESCRIBE_THE_PROBLEM),
  photos,
});
export type ReportProblemInput = z.infer<typeof reportProblemSchema>;

export const WRITE_A_MESSAGE = "Write your message";
export const disputeMessageSchema = z.object({ body: disputeText(WRITE_A_MESSAGE), photos });
export type DisputeMessageInput = z.infer<typeof disputeMessageSchema>;

/* ── The admin's decision ─────────────────────────────────────────────── */

export const AMOUNT_REQUIRED = "Enter the amount to refund";
export const AMOUNT_LIKE = "Enter an amount like 45 or 45.50";
export const AMOUNT_IN_CENTS = "The amount must be a whole number of cents";
export const AMOUNT_ABOVE_ZERO = "The amount must be more than $0";
/**
 * A part is less than the whole: returning all of it is a refund in full (the sale does not stand). The choice
 * is named by its own label, so the message says what the admin sees beside the radio button.
 */
export const amountBelowCharge = (chargedCents: number) =>
  `A partial refund is less than ${formatPrice(chargedCents)}, what the buyer paid: to return all of it, choose ${DISPUTE_DECISION_LABELS.refund}`;
/** The amount field's rule, under it before anything is typed: the same limits, the same choice named. */
export const refundAmountHint = (chargedCents: number) =>
  `${DISPUTE_DECISION_LABELS.partial_refund} only: more than $0, less than ${formatPrice(chargedCents)} (what the buyer paid; for all of it, choose ${DISPUTE_DECISION_LABELS.refund}).`;
export const DECISION_REASON_REQUIRED = "Say why you decide so";
export const DISPUTE_DECIDED = "This dispute has already been decided.";
/** The same for an order without one and an order the reader has nothing to do with. */
export const NO_DISPUTE = "There is no reported problem on this order.";
export const DISPUTE_CLOSED = "This dispute has been decided: its exchange is closed.";

/**
 * Whether a partial refund of `amountCents` can be made on a charge of `chargedCents` — the one rule, for
 * the admin's form and the core alike: whole cents, more than nothing, less than what was charged (all of it is a
 * refund in full, which ends the sale; a partial refund's sale stands).
 */
export function refundAmountProblem(amountCents: number, chargedCents: number): string | null {
  if (!Number.isInteger(amountCents)) return AMOUNT_IN_CENTS;
  if (amountCents <= 0) return AMOUNT_ABOVE_ZERO;
  if (amountCents >= chargedCents) return amountBelowCharge(chargedCents);
  return null;
}

const decisionReason = requiredText(DECISION_REASON_REQUIRED).max(500, "Keep the reason under 500 characters");

/** The API's decision: a JSON number of cents for a partial refund, never text. */
export const decisionSchema = z
  .object({
    decision: z.enum(DISPUTE_DECISIONS, { error: "Choose a decision" }),
    amountCents: z.number({ error: AMOUNT_IN_CENTS }).int(AMOUNT_IN_CENTS).positive(AMOUNT_ABOVE_ZERO).optional().meta({
      description:
        "Partial refund only: the cents to return, more than 0 and less than the charge (all of it is a refund in full)",
    }),
    reason: decisionReason,
  })
  .superRefine((d, ctx) => {
    if (d.decision === "partial_refund" && d.amountCents === undefined) {
      ctx.addIssue({ code: "custom", path: ["amountCents"], message: AMOUNT_REQUIRED });
    }
  });
export type DecisionInput = z.infer<typeof decisionSchema>;

/** The admins' form: the amount in dollars (field `amount`), read into the API's cents. */
export const decisionFormSchema = z
  .object({
    decision: z.enum(DISPUTE_DECISIONS, { error: "Choose a decision" }),
    amount: z.string().optional(),
    reason: decisionReason,
  })
  .transform((d, ctx) => {
    if (d.decision !== "partial_refund") return { decision: d.decision, reason: d.reason };
    // "45", "45.5", "1,045.50": dollars as typed in the admin's money input (money.ts reads them).
    const cents = d.amount?.trim() ? dollarsToCents(d.amount) : null;
    if (cents === null) {
      ctx.addIssue({ code: "custom", path: ["amount"], message: d.amount?.trim() ? AMOUNT_LIKE : AMOUNT_REQUIRED });
      return z.NEVER;
    }
    return { decision: d.decision, reason: d.reason, amountCents: cents };
  });

/* ── Replies ──────────────────────────────────────────────────────────── */

export const disputeMessageViewSchema = z.object({
  id: z.uuid(),
  side: z.enum(DISPUTE_SIDES),
  authorName: z.string(),
  body: z.string(),
  photoUrls: z.array(z.string()),
  at: z.string(),
});
export type DisputeMessageView = z.infer<typeof disputeMessageViewSchema>;

/** A dispute as its buyer, its seller and admins read it: the report, the exchange, and the decision once made. */
export const disputeViewSchema = z
  .object({
    id: z.uuid(),
    orderId: z.uuid(),
    reason: z.enum(DISPUTE_REASONS),
    openedAt: z.string(),
    decision: z.enum(DISPUTE_DECISIONS).nullable(),
    refundCents: z.int().nullable(),
    decisionReason: z.string().nullable(),
    decidedAt: z.string().nullable(),
    messages: z.array(disputeMessageViewSchema),
    /** Whether the reader may write in the exchange now (its buyer or seller, while it is open). */
    canWrite: z.boolean(),
  })
  .meta({ id: "Dispute" });
export type DisputeView = z.infer<typeof disputeViewSchema>;

/** An open dispute on the admins' page: the dispute, its order and the order's timeline. */
export const openDisputeSchema = disputeViewSchema.extend({
  order: z.object({
    id: z.uuid(),
    number: z.string(),
    status: z.enum(ORDER_STATUSES),
    productName: z.string(),
    productImageUrl: z.string(),
    /** What the buyer was charged: a partial refund is at most this. */
    chargedCents: z.int(),
    buyer: z.object({ id: z.string(), name: z.string() }),
    seller: z.object({ id: z.string(), name: z.string() }),
    handedOverAt: z.string().nullable(),
    events: z.array(orderEventSchema),
  }),
});
export type OpenDispute = z.infer<typeof openDisputeSchema>;

export const BAD_DISPUTES_CURSOR = "This page of disputes does not exist.";
export const disputesQuerySchema = z.object({ cursor: z.string().max(300).optional() });
export const disputesPageSchema = keysetPage(openDisputeSchema);
export type DisputesPage = z.infer<typeof disputesPageSchema>;

/** Where the order stands once decided: refunded, completed, or `refunding` while the provider is unreachable. */
export const decisionReplySchema = z.object({ status: z.enum(["refunded", "completed", "refunding"]) });
export type DecisionReply = z.infer<typeof decisionReplySchema>;

const photosField = binaryField(
  `0–${MAX_DISPUTE_PHOTOS} photos (JPEG, PNG or WebP, 8 MB each); repeat the field for several`,
);

/** The report as multipart fields: documented here, validated by reportProblemSchema in the handler. */
export const reportProblemMultipartSchema = z.object({
  reason: z.enum(DISPUTE_REASONS),
  description: z.string().meta({ description: `What is wrong, up to ${DISPUTE_TEXT_MAX} characters` }),
  photos: photosField,
});

/** A message as multipart fields: documented here, validated by disputeMessageSchema in the handler. */
export const disputeMessageMultipartSchema = z.object({
  body: z.string().meta({ description: `Up to ${DISPUTE_TEXT_MAX} characters` }),
  photos: photosField,
});
