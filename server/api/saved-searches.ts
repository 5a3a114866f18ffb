import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParams } from "../../schemas/params.ts";
import {
  createSavedSearchSchema,
  savedSearchListSchema,
  savedSearchMatchPageQuery,
  savedSearchMatchPageSchema,
  savedSearchSchema,
  updateSavedSearchSchema,
} from "../../schemas/saved-searches.ts";
import { searchPageSchema } from "../../schemas/search.ts";
import { signedInActions } from "../http/actions.ts";
import { errorResponses } from "../http/errors.ts";
import { requireUser } from "../http/guard.ts";
import type { Services } from "../services.ts";

/** A person's own saved searches: every operation acts on the session's account only (others' are 404). */
export const savedSearchesApi: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const tags = ["saved searches"];
  const { savedSearches } = services;
  const action = signedInActions(app, services, tags);

  app.get(
    "/saved-searches",
    {
      schema: {
        tags,
        summary: "My saved searches, newest first (at most 50)",
        response: { 200: savedSearchListSchema, ...errorResponses },
      },
    },
    async (request) => ({ savedSearches: await savedSearches.list(await requireUser(services, request)) }),
  );

  app.post(
    "/saved-searches",
    {
      schema: {
        tags,
        summary:
          "Save a search: /allAdd's parameters (prices in dollars, numbers as JSON numbers), an optional name (suggested from the filters) and alerts (instant by default)",
        body: createSavedSearchSchema,
        response: { 201: savedSearchSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await requireUser(services, request);
      return reply.status(201).send(await savedSearches.create(user, request.body));
    },
  );

  app.get(
    "/saved-searches/matches",
    {
      schema: {
        tags,
        summary:
          "The laptops that matched my saved searches, newest first, each with its search and status now (pass `next` as `cursor`)",
        querystring: savedSearchMatchPageQuery,
        response: { 200: savedSearchMatchPageSchema, ...errorResponses },
      },
    },
    async (request) => savedSearches.matches(await requireUser(services, request), request.query),
  );

  app.get(
    "/saved-searches/:id",
    {
      schema: {
        tags,
        summary: "One of my saved searches",
        params: idParams,
        response: { 200: savedSearchSchema, ...errorResponses },
      },
    },
    async (request) => savedSearches.get(await requireUser(services, request), request.params.id),
  );

  app.get(
    "/saved-searches/:id/adverts",
    {
      schema: {
        tags,
        summary: "Open one of my saved searches: its first page of laptops, as GET /api/adverts answers",
        params: idParams,
        response: { 200: searchPageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const params = await savedSearches.searchOf(await requireUser(services, request), request.params.id);
      return services.catalogue.search(params);
    },
  );

  app.put(
    "/saved-searches/:id",
    {
      schema: {
        tags,
        summary: "Rename one of my saved searches, or choose its alerts (instant, daily or off)",
        params: idParams,
        body: updateSavedSearchSchema,
        response: { 200: savedSearchSchema, ...errorResponses },
      },
    },
    async (request) => savedSearches.update(await requireUser(services, request), request.params.id, request.body),
  );

  action.delete("/saved-searches/:id", { summary: "Delete one of my saved searches" }, (user, { id }) =>
    savedSearches.remove(user, id),
  );
};
