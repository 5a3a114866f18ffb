import type Stripe from "stripe";
import type { IntentProvider } from "./provider.ts";

export interface StripeOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Tests only: a local stand-in for api.stripe.com. */
  apiBase?: string;
}

/**
 * A Stripe API client with our key (once its SDK has loaded), retrying a network failure twice with the same
 * idempotency key; `apiBase` points it at the tests' local fake. Card payments and Connect payouts each make one.
 */
export async function stripeClient(options: { secretKey: string; apiBase?: string }): Promise<Stripe> {
  // Loaded only where Stripe is configured: the simulated default never holds its SDK (~20 MB).
  const { default: Stripe } = await import("stripe");
  const base = options.apiBase ? new URL(options.apiBase) : undefined;
  return new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    ...(base && {
      host: base.hostname,
      port: Number(base.port),
      protocol: base.protocol.replace(":", "") as "http" | "https",
    }),
  });
}

/**
 * Stripe PaymentIntents: we create the intent for the server's price, the browser confirms it
 * with Stripe Elements, and Stripe's signed webhook (or our re-fetch after confirmation) records it.
 */
export function createStripeProvider(
  options: StripeOptions,
): IntentProvider & { verifyWebhook(raw: Buffer, signature: string): Promise<Stripe.Event> } {
  const client = stripeClient(options);

  return {
    name: "stripe",
    flow: "intent",
    publishableKey: options.publishableKey,

    async createIntent({ amountCents, orderId, idempotencyKey }) {
      const intent = await (await client).paymentIntents.create(
        { amount: amountCents, currency: "usd", metadata: { orderId }, automatic_payment_methods: { enabled: true } },
        { idempotencyKey },
      );
      if (!intent.client_secret) throw new Error(`Stripe returned no client secret for ${intent.id}`);
      return { intentId: intent.id, clientSecret: intent.client_secret };
    },

    async retrieveIntent(intentId) {
      const intent = await (await client).paymentIntents.retrieve(intentId);
      return {
        id: intent.id,
        status: intent.status,
        amountCents: intent.amount,
        orderId: intent.metadata?.orderId ?? null,
      };
    },

    // One refund per payment: the key is the payment's, so a retried refund is the same refund (and amount).
    async refund(transactionId, amountCents) {
      try {
        const refund = await (await client).refunds.create(
          { payment_intent: transactionId, ...(amountCents === undefined ? {} : { amount: amountCents }) },
          { idempotencyKey: `refund:${transactionId}` },
        );
        return { refundId: refund.id };
      } catch (error) {
        // Refunded already (from Stripe's dashboard, say): the money is back; answer with that refund.
        if ((error as { code?: string }).code !== "charge_already_refunded") throw error;
        const { data } = await (await client).refunds.list({ payment_intent: transactionId, limit: 1 });
        if (!data[0]) throw error;
        return { refundId: data[0].id };
      }
    },

    async verifyWebhook(raw, signature) {
      return (await client).webhooks.constructEvent(raw, signature, options.webhookSecret);
    },
  };
}

export type StripeProvider = ReturnType<typeof createStripeProvider>;
