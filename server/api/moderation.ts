import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../core/errors.ts";
import { removalSchema, reportedAdvertListSchema, reportedListQuery, reportSchema } from "../../schemas/moderation.ts";
import { advertIdParams, idParams } from "../../schemas/params.ts";
import { pendingProofsSchema, proofCodeSchema, proofDecisionSchema } from "../../schemas/proof-photos.ts";
import { heldAdvertListSchema } from "../../schemas/review-signals.ts";
import { stolenSerialListSchema, stolenSerialSchema } from "../../schemas/serial-numbers.ts";
import { errorResponses } from "../http/errors.ts";
import { requireUser } from "../http/guard.ts";
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
  signedIn.get(
    "/proof-code",
    {
      summary:
        "Your one-time code for a proof photo (seller): the same for 24 hours from its first showing, until a proof photo uses it",
      area: "seller",
      reply: proofCodeSchema,
    },
    (seller) => services.catalogue.adverts.proofCode(seller),
  );
  signedIn.get(
    "/proof-photos",
    {
      summary: "Proof photos waiting for a decision, oldest first (admin; pass `next` as `cursor`)",
      area: "admin",
      querystring: z.object({ cursor: z.string().max(200).optional() }),
      reply: pendingProofsSchema,
    },
    (admin, { query }) => services.moderation.proofs.queue(admin, query.cursor),
  );
  signedIn.action.post(
    "/proof-photos/:id/decision",
    {
      summary: "Approve a proof photo (its advert shows In hand) or reject it with a reason its seller reads (admin)",
      area: "admin",
      body: proofDecisionSchema,
    },
    (admin, { id }, decision) => services.moderation.proofs.decide(admin, id, decision),
  );
  // A file, not JSON: a plain route that writes its own reply. Admins only, never kept by a cache.
  app.get(
    "/proof-photos/:id/photo",
    {
      schema: {
        tags: ["moderation"],
        summary: "A proof photo (admin; 404 for no such proof)",
        params: idParams,
        produces: ["image/webp"],
        response: { 200: z.any(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const admin = await requireUser(services, request, "admin");
      const file = await services.moderation.proofs.openPhoto(admin, request.params.id);
      if (!file) throw new AppError("NOT_FOUND", "There is no such proof photo.");
      return reply
        .header("content-type", "image/webp")
        .header("content-length", String(file.size))
        .header("cache-control", "private, no-store")
        .send(file.stream);
    },
  );
  signedIn.get(
    "/stolen-serials",
    {
      summary:
        "Serial numbers reported stolen, newest first (admin; pass `next` as `cursor`). The numbers are not kept",
      area: "admin",
      querystring: z.object({ cursor: z.string().max(200).optional() }),
      reply: stolenSerialListSchema,
    },
    (admin, { query }) => services.moderation.stolenSerials.list(admin, query.cursor),
  );
  signedIn.post(
    "/stolen-serials",
    {
      summary:
        "Record a serial number as stolen: every advert for sale with it is held for review, and any later one (admin)",
      area: "admin",
      body: stolenSerialSchema,
      reply: z.object({ id: z.uuid(), held: z.int().meta({ description: "Adverts held for review by it now" }) }),
      status: 201,
    },
    (admin, { body }) => services.moderation.stolenSerials.report(admin, body),
  );
  signedIn.action.delete(
    "/stolen-serials/:id",
    {
      summary: "Take a serial number off the stolen list; the adverts it held stay in the review queue (admin)",
      area: "admin",
    },
    (admin, { id }) => services.moderation.stolenSerials.remove(admin, id),
  );
};
