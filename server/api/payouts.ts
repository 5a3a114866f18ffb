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
import { signedInRoutes } from "../http/signed-in-routes.ts";
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
  const signedIn = signedInRoutes(app, services, tags);
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
  signedIn.get(
    "/payouts",
    {
      summary:
        "The seller's payout account (masked), balances (Pending, Available, On its way, Paid out), a page of " +
        "orders with where each one's money is, and failed transfers (pass `next` as `cursor`)",
      area: "seller",
      querystring: payoutsQuerySchema,
      reply: payoutsReplySchema,
    },
    (seller, { query }) => services.payouts.mine(seller, query.cursor),
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
  signedIn.post(
    "/payouts/account",
    {
      summary:
        "Simulated payouts: set up (or change) the seller's payout account from a holder and a bank account " +
        "number; only its last four digits are kept",
      area: "seller",
      body: payoutSetupSchema,
      reply: payoutAccountSchema,
    },
    (seller, { body }) => services.payouts.setUp(seller, body),
  );
  signedIn.post(
    "/payouts/onboarding",
    {
      summary: "Stripe Connect: the link to Stripe's hosted onboarding for the seller's payout account",
      area: "seller",
      reply: z.object({ url: z.url() }),
    },
    (seller) => services.payouts.startOnboarding(seller, onboardingReturns(publicUrl)),
  );
  signedIn.get(
    "/people/:id/payouts",
    {
      summary: "A seller's payouts, as they see them (admin)",
      area: "admin",
      params: accountIdParams,
      querystring: payoutsQuerySchema,
      reply: payoutsReplySchema,
    },
    (admin, { params, query }) => services.payouts.ofSeller(admin, params.id, query.cursor),
  );
  signedIn.get(
    "/finance",
    {
      summary:
        "The marketplace's money, per day for the last 90 days (sales, fees, refunds, payouts, pending and " +
        "available payables), failed transfers, and the ledger's check (admin)",
      area: "admin",
      reply: financeReplySchema,
    },
    (admin) => services.payouts.finance(admin),
  );
};
