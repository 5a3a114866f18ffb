import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "../../core/errors.ts";
import {
  FAVOURITE_MESSAGES,
  favouritePageQuery,
  favouritePageSchema,
  favouriteStateSchema,
} from "../../schemas/favourites.ts";
import { advertIdParams } from "../../schemas/params.ts";
import { signedInRoutes } from "../http/signed-in-routes.ts";
import type { Services } from "../services.ts";

/** My favourites: every operation acts on the session's own favourites (the core keys them by account). */
export const favouritesApi: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const signedIn = signedInRoutes(app, services, ["favourites"]);
  signedIn.get(
    "/favourites",
    {
      summary:
        "My favourites, newest saved first, with each laptop's status and price change (pass `next` as `cursor`)",
      querystring: favouritePageQuery,
      reply: favouritePageSchema,
    },
    (user, { query }) => services.favourites.list(user, query),
  );
  signedIn.put(
    "/favourites/:advertId",
    {
      summary: "Save a laptop to my favourites (saving it again changes nothing)",
      params: advertIdParams,
      reply: favouriteStateSchema,
    },
    async (user, { params: { advertId } }) => {
      await services.favourites.save(user, advertId);
      return { advertId, saved: true };
    },
  );
  signedIn.delete(
    "/favourites/:advertId",
    {
      summary: "Remove a laptop from my favourites (one I did not save is not found)",
      params: advertIdParams,
      reply: favouriteStateSchema,
    },
    async (user, { params: { advertId } }) => {
      if (!(await services.favourites.remove(user, advertId))) {
        throw new AppError("NOT_FOUND", FAVOURITE_MESSAGES.notSaved);
      }
      return { advertId, saved: false };
    },
  );
};
