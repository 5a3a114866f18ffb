import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { forbidden, isActingSeller } from "../../core/accounts/index.ts";
import { priceGuidanceQuerySchema, priceGuidanceReplySchema } from "../../schemas/price-guidance.ts";
import { signedInRoutes } from "../http/signed-in-routes.ts";
import type { Services } from "../services.ts";

/** What comparable laptops sold (or are listed) for: the advert form asks while a seller fills it in. */
export const priceGuidanceApi: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const signedIn = signedInRoutes(app, services, ["adverts"]);
  signedIn.get(
    "/price-guidance",
    {
      summary:
        "What laptops like this sold for in the last 12 months (5+ sales), else are listed for (5+ listings), else null (seller)",
      area: "seller",
      querystring: priceGuidanceQuerySchema,
      reply: priceGuidanceReplySchema,
    },
    async (seller, { query }) => {
      // For the advert form: sellers acting as sellers, as posting itself requires.
      if (!isActingSeller(seller)) throw forbidden();
      return { guidance: await services.catalogue.priceGuidance(query) };
    },
  );
};
