import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { removalSchema, reportedAdvertListSchema, reportedListQuery, reportSchema } from "../../schemas/moderation.ts";
import { advertIdParams } from "../../schemas/params.ts";
import { heldAdvertListSchema } from "../../schemas/review-signals.ts";
import { signedInActions } from "../http/actions.ts";
import { errorResponses } from "../http/errors.ts";
import { requireUser } from "../http/guard.ts";
import type { Services } from "../services.ts";

/** Reports by buyers, and what admins do about them. */
export const moderationApi: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const tags = ["moderation"];
  const action = signedInActions(app, services, tags);
  app.post(
    "/reports",
    {
      schema: {
        tags,
        summary: "Report a laptop (once per buyer)",
        body: reportSchema,
        response: { 201: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await services.moderation.reports.report(await requireUser(services, request), request.body);
      return reply.status(201).send(null);
    },
  );
  app.get(
    "/reports",
    {
      schema: {
        tags,
        summary: "Open reports grouped by laptop, most reported first (admin; pass `next` as `cursor`)",
        querystring: reportedListQuery,
        response: { 200: reportedAdvertListSchema, ...errorResponses },
      },
    },
    async (request) =>
      services.moderation.reports.openByAdvert(await requireUser(services, request, "admin"), {
        cursor: request.query.cursor,
      }),
  );
  action.post(
    "/reports/:advertId/dismissal",
    { summary: "Dismiss a laptop's open reports (admin)", area: "admin", params: advertIdParams },
    (admin, { advertId }) => services.moderation.reports.dismiss(admin, advertId),
  );
  action.post(
    "/adverts/:id/removal",
    {
      summary: "Remove a laptop from the catalogue; its seller sees the reason (admin)",
      area: "admin",
      body: removalSchema,
    },
    (admin, { id }, { reason }) => services.moderation.reports.removeAdvert(admin, id, reason),
  );
  app.get(
    "/review-queue",
    {
      schema: {
        tags,
        summary:
          "Adverts held for review or flagged, oldest first, with their signals (admin; pass `next` as `cursor`)",
        querystring: z.object({ cursor: z.string().max(200).optional() }),
        response: { 200: heldAdvertListSchema, ...errorResponses },
      },
    },
    async (request) =>
      services.moderation.heldAdverts.queue(await requireUser(services, request, "admin"), request.query.cursor),
  );
  action.post(
    "/adverts/:id/approval",
    {
      summary: "Approve an advert held for review (it is published) or flagged (it leaves the queue) (admin)",
      area: "admin",
    },
    (admin, { id }) => services.moderation.heldAdverts.approve(admin, id),
  );
  action.post(
    "/adverts/:id/rejection",
    {
      summary: "Reject an advert held for review or flagged; its seller sees the reason (admin)",
      area: "admin",
      body: removalSchema,
    },
    (admin, { id }, { reason }) => services.moderation.heldAdverts.reject(admin, id, reason),
  );
};
