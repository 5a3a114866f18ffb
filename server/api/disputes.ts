import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  decisionReplySchema,
  decisionSchema,
  disputeMessageMultipartSchema,
  disputeMessageSchema,
  disputesPageSchema,
  disputesQuerySchema,
  disputeViewSchema,
  reportProblemMultipartSchema,
  reportProblemSchema,
} from "../../schemas/disputes.ts";
import { idParams } from "../../schemas/params.ts";
import { createdSchema } from "../../schemas/replies.ts";
import { registerMultipart } from "../http/multipart.ts";
import { signedInRoutes } from "../http/signed-in-routes.ts";
import type { Services } from "../services.ts";

/**
 * Disputes: the buyer reports a problem with a laptop received, its buyer and seller write to each other with
 * photos (multipart, like advert photos), admins read every open one and decide. Who may do what is the core's
 * (core/disputes): anyone but the order's people reads 404.
 */
export const disputesApi: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  // Photos are read only for someone signed in; whose order it is, the core says before storing any.
  await registerMultipart(app, services, "signed-in");
  const signedIn = signedInRoutes(app, services, ["disputes"]);
  signedIn.post(
    "/orders/:id/dispute",
    {
      summary:
        "Its buyer reports a problem within the buyer protection window: a reason, a description and up to 5 photos",
      params: idParams,
      form: reportProblemMultipartSchema,
      body: reportProblemSchema,
      reply: createdSchema,
      status: 201,
    },
    (buyer, { params, body }) => services.disputes.report(buyer, params.id, body),
  );
  signedIn.get(
    "/orders/:id/dispute",
    {
      summary: "The problem reported on an order, with the whole exchange: its buyer, its seller and admins",
      params: idParams,
      reply: disputeViewSchema,
    },
    (user, { params }) => services.disputes.read(user, params.id),
  );
  signedIn.post(
    "/orders/:id/dispute/messages",
    {
      summary: "Its buyer or seller writes in an open dispute: text and up to 5 photos",
      params: idParams,
      form: disputeMessageMultipartSchema,
      body: disputeMessageSchema,
      reply: createdSchema,
      status: 201,
    },
    (user, { params, body }) => services.disputes.write(user, params.id, body),
  );
  signedIn.get(
    "/disputes",
    {
      summary:
        "Open disputes, the longest waiting first, each with its order, timeline and exchange (admin; pass `next` as `cursor`)",
      area: "admin",
      querystring: disputesQuerySchema,
      reply: disputesPageSchema,
    },
    (admin, { query }) => services.disputes.listOpen(admin, query),
  );
  signedIn.post(
    "/disputes/:id/decision",
    {
      summary:
        "Decide a dispute (admin), with a reason both people read: `refund` in full, `partial_refund` of " +
        "`amountCents` (at most the charge), or `release` to the seller. `refunding`: the provider could not be " +
        "reached; the refund is finished shortly.",
      area: "admin",
      params: idParams,
      body: decisionSchema,
      reply: decisionReplySchema,
    },
    (admin, { params, body }) => services.disputes.decide(admin, params.id, body),
  );
};
