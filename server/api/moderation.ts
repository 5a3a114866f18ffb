import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { removalSchema, reportedAdvertListSchema, reportedListQuery, reportSchema } from "../../schemas/moderation.ts";
import { advertIdParams } from "../../schemas/params.ts";
import { heldAdvertListSchema } from "../../schemas/review-signals.ts";
import { signedInRoutes } from "../http/signed-in-routes.ts";
import type { Services } from "../services.ts";

/** Reports by buyers, and what admins do about them. */
export const moderationApi: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const signedIn = signedInRoutes(app, services, ["moderation"]);
  signedIn.post(
    "/reports",
    { summary: "Report a laptop (once per buyer)", body: reportSchema, reply: z.null(), status: 201 },
    async (user, { body }) => {
      await services.moderation.reports.report(user, body);
      return null;
    },
  );
  signedIn.get(
    "/reports",
    {
      summary: "Open reports grouped by laptop, most reported first (admin; pass `next` as `cursor`)",
      area: "admin",
      querystring: reportedListQuery,
      reply: reportedAdvertListSchema,
    },
    (admin, { query }) => services.moderation.reports.openByAdvert(admin, { cursor: query.cursor }),
  );
  signedIn.action.post(
    "/reports/:advertId/dismissal",
    { summary: "Dismiss a laptop's open reports (admin)", area: "admin", params: advertIdParams },
    (admin, { advertId }) => services.moderation.reports.dismiss(admin, advertId),
  );
  signedIn.action.post(
    "/adverts/:id/removal",
    {
      summary: "Remove a laptop from the catalogue; its seller sees the reason (admin)",
      area: "admin",
      body: removalSchema,
    },
    (admin, { id }, { reason }) => services.moderation.reports.removeAdvert(admin, id, reason),
  );
  signedIn.get(
    "/review-queue",
    {
      summary: "Adverts held for review or flagged, oldest first, with their signals (admin; pass `next` as `cursor`)",
      area: "admin",
      querystring: z.object({ cursor: z.string().max(200).optional() }),
      reply: heldAdvertListSchema,
    },
    (admin, { query }) => services.moderation.heldAdverts.queue(admin, query.cursor),
  );
  signedIn.action.post(
    "/adverts/:id/approval",
    {
      summary: "Approve an advert held for review (it is published) or flagged (it leaves the queue) (admin)",
      area: "admin",
    },
    (admin, { id }) => services.moderation.heldAdverts.approve(admin, id),
  );
  signedIn.action.post(
    "/adverts/:id/rejection",
    {
      summary: "Reject an advert held for review or flagged; its seller sees the reason (admin)",
      area: "admin",
      body: removalSchema,
    },
    (admin, { id }, { reason }) => services.moderation.heldAdverts.reject(admin, id, reason),
  );
};
