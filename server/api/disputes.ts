import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import type { SessionUser } from "../../core/accounts/index.ts";
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
import { errorResponses } from "../http/errors.ts";
import { requireUser } from "../http/guard.ts";
import { multipartValidator, parseBody, registerMultipart } from "../http/multipart.ts";
import type { Services } from "../services.ts";

/**
 * Disputes: the buyer reports a problem with a laptop received, its buyer and seller write to each other with
 * photos (multipart, like advert photos), admins read every open one and decide. Who may do what is the core's
 * (core/disputes): anyone but the order's people reads 404.
 */
export const disputesApi: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  // Photos are read only for someone signed in; whose order it is, the core says before storing any.
  await registerMultipart(app, services, "signed-in");
  const tags = ["disputes"];
  /** Text and photos posted on an order's dispute (multipart): described by `form`, read by `input`; 201 with its id. */
  const writeOnOrder = <Input extends z.ZodType>(
    url: string,
    summary: string,
    form: z.ZodType,
    input: Input,
    write: (user: SessionUser, orderId: string, input: z.output<Input>) => Promise<{ id: string }>,
  ) =>
    app.post(
      url,
      {
        schema: {
          tags,
          summary,
          consumes: ["multipart/form-data"],
          params: idParams,
          body: form,
          response: { 201: createdSchema, ...errorResponses },
        },
        validatorCompiler: multipartValidator,
      },
      async (request, reply) => {
        const user = await requireUser(services, request);
        return reply.status(201).send(await write(user, request.params.id, parseBody(input, request.body)));
      },
    );
  writeOnOrder(
    "/orders/:id/dispute",
    "Its buyer reports a problem within the buyer protection window: a reason, a description and up to 5 photos",
    reportProblemMultipartSchema,
    reportProblemSchema,
    services.disputes.report,
  );
  app.get(
    "/orders/:id/dispute",
    {
      schema: {
        tags,
        summary: "The problem reported on an order, with the whole exchange: its buyer, its seller and admins",
        params: idParams,
        response: { 200: disputeViewSchema, ...errorResponses },
      },
    },
    async (request) => services.disputes.read(await requireUser(services, request), request.params.id),
  );
  writeOnOrder(
    "/orders/:id/dispute/messages",
    "Its buyer or seller writes in an open dispute: text and up to 5 photos",
    disputeMessageMultipartSchema,
    disputeMessageSchema,
    services.disputes.write,
  );
  app.get(
    "/disputes",
    {
      schema: {
        tags,
        summary:
          "Open disputes, the longest waiting first, each with its order, timeline and exchange (admin; pass `next` as `cursor`)",
        querystring: disputesQuerySchema,
        response: { 200: disputesPageSchema, ...errorResponses },
      },
    },
    async (request) => services.disputes.listOpen(await requireUser(services, request, "admin"), request.query),
  );
  app.post(
    "/disputes/:id/decision",
    {
      schema: {
        tags,
        summary:
          "Decide a dispute (admin), with a reason both people read: `refund` in full, `partial_refund` of " +
          "`amountCents` (at most the charge), or `release` to the seller. `refunding`: the provider could not be " +
          "reached; the refund is finished shortly.",
        params: idParams,
        body: decisionSchema,
        response: { 200: decisionReplySchema, ...errorResponses },
      },
    },
    async (request) =>
      services.disputes.decide(await requireUser(services, request, "admin"), request.params.id, request.body),
  );
};
