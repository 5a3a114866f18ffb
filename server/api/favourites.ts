import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "../../core/errors.ts";
import {
  FAVOURITE_MESSAGES,
  favouritePageQuery,
  favouritePageSchema,
  favouriteStateSchema,
} from "../../schemas/favourites.ts";
import { advertIdParams } from "../../schemas/params.ts";
import { errorResponses } from "../http/errors.ts";
import { requireUser } from "../http/guard.ts";
import type { Services } from "../services.ts";

/** My favourites: every operation acts on the session's own favourites (the core keys them by account). */
export const favouritesApi: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const tags = ["favourites"];
  app.get(
    "/favourites",
    {
      schema: {
        tags,
        summary:
          "My favourites, newest saved first, with each laptop's status and price change (pass `next` as `cursor`)",
        querystring: favouritePageQuery,
        response: { 200: favouritePageSchema, ...errorResponses },
      },
    },
    async (request) => services.favourites.list(await requireUser(services, request), request.query),
  );
  app.put(
    "/favourites/:advertId",
    {
      schema: {
        tags,
        summary: "Save a laptop to my favourites (saving it again changes nothing)",
        params: advertIdParams,
        response: { 200: favouriteStateSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = await requireUser(services, request);
      await services.favourites.save(user, request.params.advertId);
      return { advertId: request.params.advertId, saved: true };
    },
  );
  app.delete(
    "/favourites/:advertId",
    {
      schema: {
        tags,
        summary: "Remove a laptop from my favourites (one I did not save is not found)",
        params: advertIdParams,
        response: { 200: favouriteStateSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = await requireUser(services, request);
      if (!(await services.favourites.remove(user, request.params.advertId))) {
        throw new AppError("NOT_FOUND", FAVOURITE_MESSAGES.notSaved);
      }
      return { advertId: request.params.advertId, saved: false };
    },
  );
};
