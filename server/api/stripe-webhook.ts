import type { FastifyInstance } from "fastify";
import { isAppError } from "../../core/errors.ts";
import type { StripeProvider } from "../../core/payments/index.ts";
import { idFromPath } from "../../schemas/params.ts";
import type { Services } from "../services.ts";

/**
 * Stripe's webhook: the source of truth for card payments. The signature is checked on the raw
 * body; the event is only a trigger — the intent is fetched again from Stripe before anything is
 * recorded, and recording is idempotent, so a delivery repeated ten times records one payment.
 */
export async function stripeWebhook(
  app: FastifyInstance,
  { services, stripe }: { services: Services; stripe: StripeProvider },
) {
  // This plugin only: keep the exact bytes Stripe signed.
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (_req, body, done) => done(null, body));
  app.post(
    "/webhooks/stripe",
    { schema: { tags: ["payments"], summary: "Stripe events (signed)" } },
    async (request, reply) => {
      const signature = request.headers["stripe-signature"];
      let event: Awaited<ReturnType<StripeProvider["verifyWebhook"]>>;
      try {
        event = await stripe.verifyWebhook(request.body as Buffer, String(signature ?? ""));
      } catch {
        return reply.status(400).send({ code: "BAD_SIGNATURE", message: "The webhook signature does not match." });
      }
      const object = event.data.object as { id?: string; metadata?: { orderId?: string } };
      try {
        if (event.type === "payment_intent.succeeded" && object.id) {
          await services.orders.settleIntent(object.id);
        } else if (event.type === "charge.refunded") {
          // A refund made outside ReLaptop (Stripe's dashboard): the order follows it.
          const charge = event.data.object as { payment_intent?: string | null; refunds?: { data?: { id: string }[] } };
          if (charge.payment_intent) {
            await services.orders.refundedByProvider(charge.payment_intent, charge.refunds?.data?.[0]?.id ?? "refund");
          }
        } else if (event.type === "account.updated" && object.id) {
          // A seller's Stripe Connect account changed (onboarding finished, details needed): its status is fetched again.
          await services.payouts.accountUpdated(object.id);
        } else if (event.type === "payment_intent.payment_failed" || event.type === "payment_intent.canceled") {
          // Our own order's id, put on the intent when we made it; anything else names no order of ours.
          const orderId = idFromPath(object.metadata?.orderId);
          if (orderId) await services.orders.paymentFailed(orderId);
        }
      } catch (error) {
        // Anything else (the database away, Stripe unreachable) answers 5xx, and Stripe delivers the event again.
        if (!isAppError(error)) throw error;
        // A refusal: a sale that could not be recorded was refunded by the core; Stripe need not retry it.
        request.log.warn({ err: error, eventId: event.id }, "stripe event not recorded");
      }
      return reply.send({ received: true });
    },
  );
}
