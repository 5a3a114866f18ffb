import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { platformFee } from "../../core/orders/index.ts";
import { accountIdParams } from "../../schemas/params.ts";
import { payoutCsvHeader, payoutCsvRow } from "../../schemas/payout-csv.ts";
import {
  feeRuleSchema,
  financeReplySchema,
  onboardingReturns,
  payoutAccountSchema,
  payoutSetupSchema,
  payoutsQuerySchema,
  payoutsReplySchema,
} from "../../schemas/payouts.ts";
import { errorResponses } from "../http/errors.ts";
import { requireUser } from "../http/guard.ts";
import type { Services } from "../services.ts";

/**
 * Payouts and Finance: a seller's payout account, balances and lines (and their CSV), admins' view of any
 * seller's and the marketplace's Finance. Whose money may be read is the core's (core/payouts): a seller's own,
 * or an admin; anyone else 403.
 */
export const payoutsApi: FastifyPluginAsyncZod<{ services: Services; publicUrl: string }> = async (
  app,
  { services, publicUrl },
) => {
  const tags = ["payouts"];
  app.get(
    "/fee",
    {
      schema: {
        tags,
        summary: "ReLaptop's fee on a sale now: basis points of the charge (500 is 5%) plus fixed cents",
        response: { 200: feeRuleSchema },
      },
    },
    async () => platformFee(),
  );
  app.get(
    "/payouts",
    {
      schema: {
        tags,
        summary:
          "The seller's payout account (masked), balances (Pending, Available, On its way, Paid out), a page of " +
          "orders with where each one's money is, and failed transfers (pass `next` as `cursor`)",
        querystring: payoutsQuerySchema,
        response: { 200: payoutsReplySchema, ...errorResponses },
      },
    },
    async (request) => services.payouts.mine(await requireUser(services, request, "seller"), request.query.cursor),
  );
  app.get(
    "/payouts/lines.csv",
    {
      schema: {
        tags,
        summary: "Every line of the seller's payouts as CSV",
        produces: ["text/csv"],
        response: { 200: z.string(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const seller = await requireUser(services, request, "seller");
      const rows = [payoutCsvHeader()];
      for await (const line of services.payouts.allLines(seller)) rows.push(payoutCsvRow(line));
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", 'attachment; filename="relaptop-payouts.csv"')
        .send(`${rows.join("\r\n")}\r\n`);
    },
  );
  app.post(
    "/payouts/account",
    {
      schema: {
        tags,
        summary:
          "Simulated payouts: set up (or change) the seller's payout account from a holder and a bank account " +
          "number; only its last four digits are kept",
        body: payoutSetupSchema,
        response: { 200: payoutAccountSchema, ...errorResponses },
      },
    },
    async (request) => {
      return services.payouts.setUp(await requireUser(services, request, "seller"), request.body);
    },
  );
  app.post(
    "/payouts/onboarding",
    {
      schema: {
        tags,
        summary: "Stripe Connect: the link to Stripe's hosted onboarding for the seller's payout account",
        response: { 200: z.object({ url: z.url() }), ...errorResponses },
      },
    },
    async (request) => {
      const seller = await requireUser(services, request, "seller");
      return services.payouts.startOnboarding(seller, onboardingReturns(publicUrl));
    },
  );
  app.get(
    "/people/:id/payouts",
    {
      schema: {
        tags,
        summary: "A seller's payouts, as they see them (admin)",
        params: accountIdParams,
        querystring: payoutsQuerySchema,
        response: { 200: payoutsReplySchema, ...errorResponses },
      },
    },
    async (request) =>
      services.payouts.ofSeller(await requireUser(services, request, "admin"), request.params.id, request.query.cursor),
  );
  app.get(
    "/finance",
    {
      schema: {
        tags,
        summary:
          "The marketplace's money, per day for the last 90 days (sales, fees, refunds, payouts, pending and " +
          "available payables), failed transfers, and the ledger's check (admin)",
        response: { 200: financeReplySchema, ...errorResponses },
      },
    },
    async (request) => services.payouts.finance(await requireUser(services, request, "admin")),
  );
};
