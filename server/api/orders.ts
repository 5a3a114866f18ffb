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
import { signedInActions } from "../http/actions.ts";
import { errorResponses } from "../http/errors.ts";
import { requireUser } from "../http/guard.ts";
import type { Services } from "../services.ts";

/** The booking form's fields, and the laptop it books by its id: checked here, as every id is. */
const bookingBody = bookingSchema.and(z.object({ advertId: uuidParam() }));

/**
 * Orders: the buyer's (prices come from the advert on the server; the buyer sends none), an order's page for
 * both sides, and the seller's My Sales.
 */
export const ordersApi: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const tags = ["orders"];
  const action = signedInActions(app, services, tags);
  app.post(
    "/orders",
    {
      schema: {
        tags,
        summary: "Book a laptop",
        body: bookingBody,
        response: { 201: createdSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await requireUser(services, request);
      return reply.status(201).send(await services.orders.book(user, request.body));
    },
  );
  app.get(
    "/orders",
    {
      schema: {
        tags,
        summary: "My orders, newest first",
        response: { 200: orderListSchema, ...errorResponses },
      },
    },
    async (request) => ({ orders: await services.orders.listMine(await requireUser(services, request, "buyer")) }),
  );
  app.get(
    "/orders/:id",
    {
      schema: {
        tags,
        summary:
          "An order, with the buyer's phone and meeting place and its timeline: for its buyer, its laptop's seller " +
          "and admins (404 for anyone else)",
        params: idParams,
        response: { 200: orderDetailSchema, ...errorResponses },
      },
    },
    async (request) => services.orders.read(await requireUser(services, request), request.params.id),
  );
  action.post(
    "/orders/:id/decline",
    {
      summary: "Its seller declines a booking nobody has paid for, with the reason its buyer reads",
      area: "seller",
      body: declineSchema,
    },
    (seller, { id }, decline) => services.orders.decline(seller, id, decline),
  );
  action.post(
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
  app.get(
    "/sales",
    {
      schema: {
        tags,
        summary:
          "My Sales: every order on my laptops, newest first, with its buyer's phone and meeting place " +
          "(filter by `status`; pass `next` as `cursor`)",
        querystring: salesQuerySchema,
        response: { 200: salesPageSchema, ...errorResponses },
      },
    },
    async (request) => services.orders.listSales(await requireUser(services, request, "seller"), request.query),
  );
  app.post(
    "/orders/:id/pay",
    {
      schema: {
        tags,
        summary:
          "Pay for a booked order by card (simulated provider). Repeat with the same attemptKey to retry safely.",
        params: idParams,
        body: cardSchema,
        response: { 200: paidReplySchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = await requireUser(services, request);
      const { cardNumber, expiry, cvc, attemptKey } = request.body;
      await services.orders.pay(user, request.params.id, { number: cardNumber, expiry, cvc }, attemptKey);
      return { status: "paid" as const };
    },
  );
  app.post(
    "/orders/:id/payment-intent",
    {
      schema: {
        tags,
        summary: "Stripe: hold the laptop and get the payment intent's client secret for Stripe Elements",
        params: idParams,
        response: { 200: paymentIntentReplySchema, ...errorResponses },
      },
    },
    async (request) => {
      const started = await services.orders.startIntent(await requireUser(services, request), request.params.id);
      return started ? { status: "requires_payment" as const, ...started } : { status: "paid" as const };
    },
  );
  app.post(
    "/orders/:id/payment-intent/:intentId/settle",
    {
      schema: {
        tags,
        summary:
          "Stripe: after the browser confirmed, record the payment (checked with Stripe, not trusted from the caller)",
        params: intentParams,
        response: { 200: settleReplySchema, ...errorResponses },
      },
    },
    async (request) => {
      const buyer = await requireUser(services, request);
      const { id: orderId, intentId } = request.params;
      return { status: await services.orders.settleIntent(intentId, { buyer, orderId }) };
    },
  );
  app.post(
    "/orders/:id/cancel",
    {
      schema: {
        tags,
        summary:
          "Cancel: a booking is cancelled; a paid order is refunded in full (until receipt is confirmed). " +
          "`refunding`: the provider could not be reached; the refund is finished shortly.",
        params: idParams,
        response: { 200: cancelReplySchema, ...errorResponses },
      },
    },
    async (request) => ({
      status: await services.orders.cancel(await requireUser(services, request), request.params.id),
    }),
  );
  action.post(
    "/orders/:id/receipt",
    {
      summary:
        'Its buyer received the laptop ("I received it"): a paid order is handed over, a shipped one received; ' +
        "the buyer protection window (PROTECTION_HOURS) counts from now",
    },
    (buyer, { id }) => services.orders.confirmReceipt(buyer, id),
  );
  action.post(
    "/orders/:id/accept",
    { summary: "Its buyer says everything is fine: a handed-over order completes before its window ends" },
    (buyer, { id }) => services.orders.accept(buyer, id),
  );
  action.post(
    "/orders/:id/handed-over",
    {
      summary: "Its seller marks a paid order they meet for as handed over: the buyer protection window starts",
      area: "seller",
    },
    (seller, { id }) => services.orders.handOver(seller, id),
  );
};
