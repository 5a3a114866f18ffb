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
import { errorResponses } from "../http/errors.ts";
import { signedInRoutes } from "../http/signed-in-routes.ts";
import type { Services } from "../services.ts";

/** Reviews: buyers write and edit theirs, sellers answer, anyone reads; reports and removal by admins. */
export const reviewsApi: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const tags = ["reviews"];
  const signedIn = signedInRoutes(app, services, tags);
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
  signedIn.post(
    "/orders/:id/review",
    {
      summary: "Review the seller of an order I received (once per order)",
      params: idParams,
      body: reviewSchema,
      reply: z.object({ id: z.uuid() }),
      status: 201,
    },
    (user, { params, body }) => services.reviews.write(user, params.id, body),
  );
  signedIn.action.put(
    "/reviews/:id",
    { summary: "Change my review (for 30 days after writing it)", body: reviewSchema },
    (user, { id }, review) => services.reviews.edit(user, id, review),
  );
  signedIn.action.post(
    "/reviews/:id/answer",
    { summary: "Answer a review of me, once, publicly (its seller)", body: answerSchema },
    (seller, { id }, { answer }) => services.reviews.answer(seller, id, answer),
  );
  signedIn.action.post(
    "/reviews/:id/reports",
    { summary: "Report a review (once per person)", body: reviewReportSchema, status: 201 },
    (user, { id }, { details }) => services.reviews.reports.report(user, id, details),
  );
  signedIn.get(
    "/review-reports",
    {
      summary: "Reviews with open reports, most reported first (admin; pass `next` as `cursor`)",
      area: "admin",
      querystring: reportedListQuery,
      reply: reportedReviewListSchema,
    },
    (admin, { query }) => services.reviews.reports.open(admin, { cursor: query.cursor }),
  );
  signedIn.action.post(
    "/reviews/:id/report-dismissal",
    { summary: "Dismiss a review's open reports (admin)", area: "admin" },
    (admin, { id }) => services.reviews.reports.dismiss(admin, id),
  );
  signedIn.action.post(
    "/reviews/:id/removal",
    {
      summary: "Remove a review; it leaves the seller's average and its author is told why (admin)",
      area: "admin",
      body: reviewRemovalSchema,
    },
    (admin, { id }, { reason }) => services.reviews.reports.remove(admin, id, reason),
  );
};
