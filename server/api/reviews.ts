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
import { requireUser } from "../http/guard.ts";
import type { Services } from "../services.ts";

/** Reviews: buyers write and edit theirs, sellers answer, anyone reads; reports and removal by admins. */
export const reviewsApi: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const tags = ["reviews"];
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
  app.put(
    "/reviews/:id",
    {
      schema: {
        tags,
        summary: "Change my review (for 30 days after writing it)",
        params: idParams,
        body: reviewSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await services.reviews.edit(await requireUser(services, request), request.params.id, request.body);
      return reply.status(204).send(null);
    },
  );
  app.post(
    "/reviews/:id/answer",
    {
      schema: {
        tags,
        summary: "Answer a review of me, once, publicly (its seller)",
        params: idParams,
        body: answerSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await services.reviews.answer(await requireUser(services, request), request.params.id, request.body.answer);
      return reply.status(204).send(null);
    },
  );
  app.post(
    "/reviews/:id/reports",
    {
      schema: {
        tags,
        summary: "Report a review (once per person)",
        params: idParams,
        body: reviewReportSchema,
        response: { 201: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await requireUser(services, request);
      await services.reviews.reports.report(user, request.params.id, request.body.details);
      return reply.status(201).send(null);
    },
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
  app.post(
    "/reviews/:id/report-dismissal",
    {
      schema: {
        tags,
        summary: "Dismiss a review's open reports (admin)",
        params: idParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await services.reviews.reports.dismiss(await requireUser(services, request, "admin"), request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.post(
    "/reviews/:id/removal",
    {
      schema: {
        tags,
        summary: "Remove a review; it leaves the seller's average and its author is told why (admin)",
        params: idParams,
        body: reviewRemovalSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const admin = await requireUser(services, request, "admin");
      await services.reviews.reports.remove(admin, request.params.id, request.body.reason);
      return reply.status(204).send(null);
    },
  );
};
