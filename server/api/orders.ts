import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { shipSchema } from "../../schemas/delivery.ts";
import {
  bookingSchema,
  cancelReplySchema,
  cardSchema,
  orderListSchema,
  paidReplySchema,
  paymentIntentReplySchema,
  settleReplySchema,
} from "../../schemas/orders.ts";
import { idParams, intentParams, uuidParam } from "../../schemas/params.ts";
import { createdSchema } from "../../schemas/replies.ts";
import { declineSchema, orderDetailSchema, salesPageSchema, salesQuerySchema } from "../../schemas/sales.ts";
import { signedInRoutes } from "../http/signed-in-routes.ts";
import type { Services } from "../services.ts";

/** The booking form's fields, and the laptop it books by its id: checked here, as every id is. */
const bookingBody = bookingSchema.and(z.object({ advertId: uuidParam() }));

/**
 * Orders: the buyer's (prices come from the advert on the server; the buyer sends none), an order's page for
 * both sides, and the seller's My Sales.
 */
export const ordersApi: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const signedIn = signedInRoutes(app, services, ["orders"]);
  signedIn.post(
    "/orders",
    { summary: "Book a laptop", body: bookingBody, reply: createdSchema, status: 201 },
    (user, { body }) => services.orders.book(user, body),
  );
  signedIn.get(
    "/orders",
    { summary: "My orders, newest first", area: "buyer", reply: orderListSchema },
    async (buyer) => ({ orders: await services.orders.listMine(buyer) }),
  );
  signedIn.get(
    "/orders/:id",
    {
      summary:
        "An order, with the buyer's phone and meeting place and its timeline: for its buyer, its laptop's seller " +
        "and admins (404 for anyone else)",
      params: idParams,
      reply: orderDetailSchema,
    },
    (user, { params }) => services.orders.read(user, params.id),
  );
  signedIn.action.post(
    "/orders/:id/decline",
    {
      summary: "Its seller declines a booking nobody has paid for, with the reason its buyer reads",
      area: "seller",
      body: declineSchema,
    },
    (seller, { id }, decline) => services.orders.decline(seller, id, decline),
  );
  signedIn.action.post(
    "/orders/:id/ship",
    {
      summary:
        "Its seller marks a paid order to be shipped as shipped, with the carrier and tracking number its buyer " +
        "follows it by (USPS, UPS, FedEx, DHL and Royal Mail link to their tracking page)",
      area: "seller",
      body: shipSchema,
    },
    (seller, { id }, shipment) => services.orders.ship(seller, id, shipment),
  );
  signedIn.get(
    "/sales",
    {
      summary:
        "My Sales: every order on my laptops, newest first, with its buyer's phone and meeting place " +
        "(filter by `status`; pass `next` as `cursor`)",
      area: "seller",
      querystring: salesQuerySchema,
      reply: salesPageSchema,
    },
    (seller, { query }) => services.orders.listSales(seller, query),
  );
  signedIn.post(
    "/orders/:id/pay",
    {
      summary: "Pay for a booked order by card (simulated provider). Repeat with the same attemptKey to retry safely.",
      params: idParams,
      body: cardSchema,
      reply: paidReplySchema,
    },
    async (user, { params, body: { cardNumber, expiry, cvc, attemptKey } }) => {
      await services.orders.pay(user, params.id, { number: cardNumber, expiry, cvc }, attemptKey);
      return { status: "paid" as const };
    },
  );
  signedIn.post(
    "/orders/:id/payment-intent",
    {
      summary: "Stripe: hold the laptop and get the payment intent's client secret for Stripe Elements",
      params: idParams,
      reply: paymentIntentReplySchema,
    },
    async (user, { params }) => {
      const started = await services.orders.startIntent(user, params.id);
      return started ? { status: "requires_payment" as const, ...started } : { status: "paid" as const };
    },
  );
  signedIn.post(
    "/orders/:id/payment-intent/:intentId/settle",
    {
      summary:
        "Stripe: after the browser confirmed, record the payment (checked with Stripe, not trusted from the caller)",
      params: intentParams,
      reply: settleReplySchema,
    },
    async (buyer, { params: { id: orderId, intentId } }) => ({
      status: await services.orders.settleIntent(intentId, { buyer, orderId }),
    }),
  );
  signedIn.post(
    "/orders/:id/cancel",
    {
      summary:
        "Cancel: a booking is cancelled; a paid order is refunded in full (until receipt is confirmed). " +
        "`refunding`: the provider could not be reached; the refund is finished shortly.",
      params: idParams,
      reply: cancelReplySchema,
    },
    async (user, { params }) => ({ status: await services.orders.cancel(user, params.id) }),
  );
  signedIn.action.post(
    "/orders/:id/receipt",
    {
      summary:
        'Its buyer received the laptop ("I received it"): a paid order is handed over, a shipped one received; ' +
        "the buyer protection window (PROTECTION_HOURS) counts from now",
    },
    (buyer, { id }) => services.orders.confirmReceipt(buyer, id),
  );
  signedIn.action.post(
    "/orders/:id/accept",
    { summary: "Its buyer says everything is fine: a handed-over order completes before its window ends" },
    (buyer, { id }) => services.orders.accept(buyer, id),
  );
  signedIn.action.post(
    "/orders/:id/handed-over",
    {
      summary: "Its seller marks a paid order they meet for as handed over: the buyer protection window starts",
      area: "seller",
    },
    (seller, { id }) => services.orders.handOver(seller, id),
  );
};
