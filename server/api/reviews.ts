import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../core/errors.ts";
import { CATALOGUE_MESSAGES } from "../../schemas/messages.ts";
import { reportedListQuery, reportedReviewListSchema, reviewRemovalSchema } from "../../schemas/moderation.ts";
import { accountIdParams, idParams } from "../../schemas/params.ts";
import {
  answerSchema,
  reviewPageQuery,
  reviewReportSchema,
  reviewSchema,
  sellerReviewsSchema,
} from "../../schemas/reviews.ts";
import { signedInActions } from "../http/actions.ts";
import { errorResponses } from "../http/errors.ts";
import { requireUser } from "../http/guard.ts";
import type { Services } from "../services.ts";

/** Reviews: buyers write and edit theirs, sellers answer, anyone reads; reports and removal by admins. */
export const reviewsApi: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const tags = ["reviews"];
  const action = signedInActions(app, services, tags);
  app.get(
    "/sellers/:id/reviews",
    {
      schema: {
        tags,
        summary: "A seller's rating, histogram and reviews, newest first (pass `nextCursor` as `cursor`)",
        params: accountIdParams,
        querystring: reviewPageQuery,
        response: { 200: sellerReviewsSchema, ...errorResponses },
      },
    },
    async (request) => {
      const page = await services.reviews.sellerReviews(request.params.id, request.query.cursor);
      if (!page) throw new AppError("NOT_FOUND", CATALOGUE_MESSAGES.sellerNotFound);
      return page;
    },
  );
  app.post(
    "/orders/:id/review",
    {
      schema: {
        tags,
        summary: "Review the seller of an order I received (once per order)",
        params: idParams,
        body: reviewSchema,
        response: { 201: z.object({ id: z.uuid() }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await requireUser(services, request);
      return reply.status(201).send(await services.reviews.write(user, request.params.id, request.body));
    },
  );
  action.put(
    "/reviews/:id",
    { summary: "Change my review (for 30 days after writing it)", body: reviewSchema },
    (user, { id }, review) => services.reviews.edit(user, id, review),
  );
  action.post(
    "/reviews/:id/answer",
    { summary: "Answer a review of me, once, publicly (its seller)", body: answerSchema },
    (seller, { id }, { answer }) => services.reviews.answer(seller, id, answer),
  );
  action.post(
    "/reviews/:id/reports",
    { summary: "Report a review (once per person)", body: reviewReportSchema, status: 201 },
    (user, { id }, { details }) => services.reviews.reports.report(user, id, details),
  );
  app.get(
    "/review-reports",
    {
      schema: {
        tags,
        summary: "Reviews with open reports, most reported first (admin; pass `next` as `cursor`)",
        querystring: reportedListQuery,
        response: { 200: reportedReviewListSchema, ...errorResponses },
      },
    },
    async (request) =>
      services.reviews.reports.open(await requireUser(services, request, "admin"), { cursor: request.query.cursor }),
  );
  action.post(
    "/reviews/:id/report-dismissal",
    { summary: "Dismiss a review's open reports (admin)", area: "admin" },
    (admin, { id }) => services.reviews.reports.dismiss(admin, id),
  );
  action.post(
    "/reviews/:id/removal",
    {
      summary: "Remove a review; it leaves the seller's average and its author is told why (admin)",
      area: "admin",
      body: reviewRemovalSchema,
    },
    (admin, { id }, { reason }) => services.reviews.reports.remove(admin, id, reason),
  );
};
