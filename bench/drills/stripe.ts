/** Stripe's side of a payment for the drills: the server's configuration, its webhooks, and the refunds' check. */
import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import Stripe from "stripe";
import { orders, payments } from "../../db/schema/index.ts";
import type { startFakeStripe } from "../../tests/support/fake-stripe.ts";
import { type Answer, type Database, withServices } from "./support.ts";

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
const STRIPE_WEBHOOK_SECRET = "whsec_drill";

/** The server's configuration for Stripe, its API being the fake at `apiBase`. */
export const stripeEnv = (apiBase: string) => ({
  PAYMENT_PROVIDER: "stripe",
  STRIPE_SECRET_KEY: "sk_test_drill",
  STRIPE_PUBLISHABLE_KEY: "pk_test_drill",
  STRIPE_WEBHOOK_SECRET,
  STRIPE_API_BASE: apiBase,
});

export type Webhook = (type: string, object: Record<string, unknown>) => Promise<Answer>;

/** Stripe's webhook deliveries to the server: an event about `object`, signed as Stripe signs it. */
export function webhookSender(base: string): Webhook {
  const signer = new Stripe("sk_test_signer");
  return async (type, object) => {
    const payload = JSON.stringify({ id: `evt_${randomUUID()}`, object: "event", type, data: { object } });
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: STRIPE_WEBHOOK_SECRET });
    const res = await fetch(`${base}/api/webhooks/stripe`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      body: payload,
    });
    return { status: res.status, json: (await res.json().catch(() => null)) as Answer["json"] };
  };
}

/**
 * How many charges the fake Stripe refunded whose order is not `refunded` with that payment `refunded`
 * (a paid or received order with its money back, say). Read once the server is stopped.
 */
export function brokenStripeRefunds(db: Database, fake: FakeStripe): Promise<number> {
  const refunded = fake.refunds.map((r) => ({
    intentId: r.payment_intent,
    orderId: fake.intents.get(r.payment_intent)?.metadata.orderId ?? "",
  }));
  if (refunded.length === 0) return Promise.resolve(0);
  return withServices(db, async ({ runtime: { db: q } }) => {
    const ids = refunded.map((r) => r.orderId).filter((id) => /^[\da-f-]{36}$/.test(id));
    const rows = ids.length
      ? await q.select().from(orders).leftJoin(payments, eq(payments.orderId, orders.id)).where(inArray(orders.id, ids))
      : [];
    const followed = ({ intentId, orderId }: (typeof refunded)[number]) =>
      rows.some(
        ({ orders: order, payments: payment }) =>
          order.id === orderId &&
          order.status === "refunded" &&
          payment?.transactionId === intentId &&
          payment.status === "refunded",
      );
    return refunded.filter((r) => !followed(r)).length;
  });
}
