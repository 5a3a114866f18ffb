import { z } from "zod";
import { requiredText } from "./text-fields.ts";
import { PAYOUT_STATUSES } from "./values.ts";

/**
 * Payouts: a seller's payout account, their balances and the lines behind them (/dashboard/payouts, /api/payouts),
 * and the admins' Finance (/dashboard/finance, /api/finance). Request and reply schemas together: they feed the
 * API's OpenAPI, the pages' forms and the types.
 */

/** "Not set up" is having no account; "Details needed" until the provider can pay it; then "Active". */
export const PAYOUT_ACCOUNT_LABELS = {
  not_set_up: "Not set up",
  details_needed: "Details needed",
  active: "Active",
} as const;
export type PayoutAccountState = keyof typeof PAYOUT_ACCOUNT_LABELS;

/** The simulated provider's form: an account holder and a bank account number, of which we keep four digits. */
export const payoutSetupSchema = z.object({
  holder: requiredText("Enter the account holder's name").max(100, "Keep the name under 100 characters"),
  accountNumber: z
    .string({ error: "Enter the bank account number" })
    .transform((v) => v.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(/^\d{6,17}$/, "A bank account number is 6 to 17 digits")),
});
export type PayoutSetupInput = z.input<typeof payoutSetupSchema>;

/** Where Stripe's hosted onboarding sends a seller back: done, or the link ran out (Payouts says which). */
export const onboardingReturns = (publicUrl: string) => ({
  returnUrl: `${publicUrl}/dashboard/payouts?onboarding=done`,
  refreshUrl: `${publicUrl}/dashboard/payouts?onboarding=expired`,
});

/** Bank details as they are shown anywhere: the last four digits. */
export const maskedBankAccount = (last4: string) => `•••• ${last4}`;

export const payoutAccountSchema = z
  .object({
    state: z.enum(["not_set_up", "details_needed", "active"]),
    /** How a seller sets it up: our form (simulated) or the provider's hosted pages (Stripe). */
    onboarding: z.enum(["form", "hosted"]),
    holder: z.string().nullable(),
    bankAccount: z.string().nullable().meta({ description: "Masked: the last four digits only" }),
  })
  .meta({ id: "PayoutAccount" });
export type PayoutAccountView = z.infer<typeof payoutAccountSchema>;

/** Where one order's money is for its seller. */
export const BALANCE_KINDS = ["pending", "available", "on_its_way", "paid_out", "refunded"] as const;
export const BALANCE_LABELS: Record<(typeof BALANCE_KINDS)[number], string> = {
  pending: "Pending",
  available: "Available",
  on_its_way: "On its way",
  paid_out: "Paid out",
  refunded: "Refunded",
};

export const balancesSchema = z
  .object({
    pendingCents: z.int(),
    availableCents: z.int(),
    /** Transfers started and not yet landed (or failed and waiting to be retried). */
    onItsWayCents: z.int(),
    paidOutCents: z.int(),
  })
  .meta({ id: "Balances" });
export type Balances = z.infer<typeof balancesSchema>;

export const payoutLineSchema = z
  .object({
    orderId: z.uuid(),
    orderNumber: z.string(),
    productName: z.string(),
    orderStatus: z.string(),
    chargedCents: z.int(),
    /** What went back to the buyer (a refund, in part or whole; on its way counts). */
    refundedCents: z.int(),
    /** ReLaptop's fee as it stands: after a partial refund the smaller one, after a whole refund none. */
    feeCents: z.int(),
    /** The seller's share now (after a partial refund, what they keep): charged − refunded − fee. */
    earnedCents: z.int(),
    where: z.enum(BALANCE_KINDS),
    payoutStatus: z.enum(PAYOUT_STATUSES).nullable(),
    payoutError: z.string().nullable(),
    paidAt: z.iso.datetime().nullable(),
    /** When the order was booked (its place in the list). */
    orderedAt: z.iso.datetime(),
  })
  .meta({ id: "PayoutLine" });
export type PayoutLine = z.infer<typeof payoutLineSchema>;

export const payoutsReplySchema = z
  .object({
    account: payoutAccountSchema,
    balances: balancesSchema,
    lines: z.array(payoutLineSchema),
    next: z.string().nullable(),
    /** Transfers that failed and wait for a retry, with the provider's reason (the seller can fix most). */
    failed: z.array(z.object({ orderNumber: z.string(), amountCents: z.int(), reason: z.string() })),
  })
  .meta({ id: "Payouts" });
export type PayoutsReply = z.infer<typeof payoutsReplySchema>;

export const BAD_PAYOUTS_CURSOR = "This page of payouts does not exist.";
export const payoutsQuerySchema = z.object({ cursor: z.string().max(300).optional() });

/** Finance: per UTC day, what the ledger says. */
export const financeDaySchema = z.object({
  day: z.iso.date(),
  salesCents: z.int(),
  feesCents: z.int(),
  refundsCents: z.int(),
  payoutsCents: z.int(),
  /** At the end of the day. */
  pendingCents: z.int(),
  availableCents: z.int(),
});
export type FinanceDay = z.infer<typeof financeDaySchema>;

export const financeReplySchema = z
  .object({
    days: z.array(financeDaySchema),
    /** The 90 days' sums, and the payables at the end of the last. */
    totals: financeDaySchema.omit({ day: true }),
    failedTransfers: z.array(
      z.object({
        orderId: z.uuid(),
        orderNumber: z.string(),
        sellerName: z.string(),
        amountCents: z.int(),
        attempts: z.int(),
        reason: z.string(),
        nextAttemptAt: z.iso.datetime(),
      }),
    ),
    check: z.object({
      balanced: z.boolean(),
      /** What is off, in words; empty when balanced. */
      problems: z.array(z.string()),
    }),
  })
  .meta({ id: "Finance" });
export type FinanceReply = z.infer<typeof financeReplySchema>;

/** The fee rule the post form uses to show "You receive". */
export const feeRuleSchema = z.object({ basisPoints: z.int(), fixedCents: z.int() }).meta({ id: "FeeRule" });
