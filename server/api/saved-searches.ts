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
import { signedInRoutes } from "../http/signed-in-routes.ts";
import type { Services } from "../services.ts";

/** A person's own saved searches: every operation acts on the session's account only (others' are 404). */
export const savedSearchesApi: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { savedSearches } = services;
  const signedIn = signedInRoutes(app, services, ["saved searches"]);

  signedIn.get(
    "/saved-searches",
    { summary: "My saved searches, newest first (at most 50)", reply: savedSearchListSchema },
    async (user) => ({ savedSearches: await savedSearches.list(user) }),
  );

  signedIn.post(
    "/saved-searches",
    {
      summary:
        "Save a search: /allAdd's parameters (prices in dollars, numbers as JSON numbers), an optional name (suggested from the filters) and alerts (instant by default)",
      body: createSavedSearchSchema,
      reply: savedSearchSchema,
      status: 201,
    },
    (user, { body }) => savedSearches.create(user, body),
  );

  signedIn.get(
    "/saved-searches/matches",
    {
      summary:
        "The laptops that matched my saved searches, newest first, each with its search and status now (pass `next` as `cursor`)",
      querystring: savedSearchMatchPageQuery,
      reply: savedSearchMatchPageSchema,
    },
    (user, { query }) => savedSearches.matches(user, query),
  );

  signedIn.get(
    "/saved-searches/:id",
    { summary: "One of my saved searches", params: idParams, reply: savedSearchSchema },
    (user, { params }) => savedSearches.get(user, params.id),
  );

  signedIn.get(
    "/saved-searches/:id/adverts",
    {
      summary: "Open one of my saved searches: its first page of laptops, as GET /api/adverts answers",
      params: idParams,
      reply: searchPageSchema,
    },
    async (user, { params }) => services.catalogue.search(await savedSearches.searchOf(user, params.id)),
  );

  signedIn.put(
    "/saved-searches/:id",
    {
      summary: "Rename one of my saved searches, or choose its alerts (instant, daily or off)",
      params: idParams,
      body: updateSavedSearchSchema,
      reply: savedSearchSchema,
    },
    (user, { params, body }) => savedSearches.update(user, params.id, body),
  );

  signedIn.action.delete("/saved-searches/:id", { summary: "Delete one of my saved searches" }, (user, { id }) =>
    savedSearches.remove(user, id),
  );
};
