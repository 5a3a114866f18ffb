import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { forbidden, isActingSeller } from "../../core/accounts/index.ts";
import { priceGuidanceQuerySchema, priceGuidanceReplySchema } from "../../schemas/price-guidance.ts";
import { errorResponses } from "../http/errors.ts";
import { requireUser } from "../http/guard.ts";
import type { Services } from "../services.ts";

/** What comparable laptops sold (or are listed) for: the advert form asks while a seller fills it in. */
export const priceGuidanceApi: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    "/price-guidance",
    {
      schema: {
        tags: ["adverts"],
        summary:
          "What laptops like this sold for in the last 12 months (5+ sales), else are listed for (5+ listings), else null (seller)",
        querystring: priceGuidanceQuerySchema,
        response: { 200: priceGuidanceReplySchema, ...errorResponses },
      },
    },
    async (request) => {
      // For the advert form: sellers acting as sellers, as posting itself requires.
      if (!isActingSeller(await requireUser(services, request, "seller"))) throw forbidden();
      return { guidance: await services.catalogue.priceGuidance(request.query) };
    },
  );
};
