import type Stripe from "stripe";
import { stripeClient } from "../payments/index.ts";
import { PayoutRefused } from "./payout-refused.ts";
import type { HostedPayoutProvider } from "./provider.ts";

const FINISH_DETAILS =
  "Stripe needs more details from you before it can pay you: finish setting up your payout account.";
const SET_UP_AGAIN = "Stripe can't pay into your payout account: set up your payout account again.";

/**
 * Stripe's refusals of a transfer that the seller can fix by going back to their payout account, in their words.
 * Anything else (our own mistake, Stripe down, our balance short) is thrown as it is, for the job to retry.
 */
function sellerCanFix(error: unknown): string | undefined {
  // By its type, not its class: the SDK is loaded after this module (core/payments/stripe-provider.ts).
  if ((error as Stripe.errors.StripeError | undefined)?.type !== "StripeInvalidRequestError") return undefined;
  const { code, param } = error as Stripe.errors.StripeInvalidRequestError;
  if (code === "insufficient_capabilities_for_transfer") return FINISH_DETAILS;
  if (code === "account_invalid" || param === "destination") return SET_UP_AGAIN;
  return undefined;
}

/**
 * Stripe Connect with Express accounts: Stripe onboards and verifies the seller, we send each order's share
 * from the buyer's charge with a transfer, and take it back with a reversal when the order is refunded.
 */
export function createStripePayoutProvider(options: { secretKey: string; apiBase?: string }): HostedPayoutProvider {
  const client = stripeClient(options);

  /** Stripe ties a transfer to a charge (ch_…), while our payments record the payment intent (pi_…). */
  async function chargeOf(transactionId: string) {
    if (transactionId.startsWith("ch_")) return transactionId;
    const { latest_charge: charge } = await (await client).paymentIntents.retrieve(transactionId);
    const id = typeof charge === "string" ? charge : charge?.id;
    if (!id) throw new Error(`Payment ${transactionId} has no charge to transfer from yet`);
    return id;
  }

  return {
    name: "stripe",
    onboarding: "hosted",

    async createAccount({ sellerId, email, idempotencyKey }) {
      const account = await (await client).accounts.create(
        { type: "express", email, capabilities: { transfers: { requested: true } }, metadata: { sellerId } },
        { idempotencyKey },
      );
      return { accountId: account.id };
    },

    async onboardingLink({ accountId, returnUrl, refreshUrl }) {
      const link = await (await client).accountLinks.create({
        account: accountId,
        refresh_url: refreshUrl,
        return_url: returnUrl,
        type: "account_onboarding",
      });
      return { url: link.url };
    },

    // Our accounts only receive transfers: Stripe turns the transfers capability on once it has verified the
    // seller, and payouts_enabled says the money can go on to their bank. details_submitted only says the form
    // was sent (Stripe may still want more), and charges_enabled is for accounts that take cards themselves.
    async accountStatus(accountId) {
      const account = await (await client).accounts.retrieve(accountId);
      const active = account.capabilities?.transfers === "active" && account.payouts_enabled;
      return { status: active ? "active" : "details_needed" };
    },

    async transfer({ amountCents, destination, sourceTransaction, orderId, idempotencyKey }) {
      // Stripe keeps a key's first answer, a 500 included, for a day, and a key it forgot may be reused: a
      // transfer made by an earlier attempt is found by its order's group and our key, never made twice.
      const earlier = await (await client).transfers.list({ transfer_group: orderId, limit: 10 });
      const found = earlier.data.find((t) => t.metadata?.payoutKey === idempotencyKey);
      if (found) return { transferId: found.id };
      const sourceCharge = await chargeOf(sourceTransaction);
      try {
        const transfer = await (await client).transfers.create(
          {
            amount: amountCents,
            currency: "usd",
            destination,
            source_transaction: sourceCharge,
            transfer_group: orderId,
            metadata: { orderId, payoutKey: idempotencyKey },
          },
          { idempotencyKey },
        );
        return { transferId: transfer.id };
      } catch (error) {
        const reason = sellerCanFix(error);
        throw reason ? new PayoutRefused(reason) : error;
      }
    },

    async reverseTransfer({ transferId, amountCents, idempotencyKey }) {
      const reversal = await (await client).transfers.createReversal(
        transferId,
        { amount: amountCents },
        { idempotencyKey },
      );
      return { reversalId: reversal.id };
    },
  };
}
