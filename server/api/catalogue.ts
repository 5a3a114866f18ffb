import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { anonymous } from "../../core/accounts/index.ts";
import { processorHints } from "../../core/catalogue/index.ts";
import { AppError } from "../../core/errors.ts";
import { advertCardListSchema, advertDetailSchema, brandListSchema } from "../../schemas/catalogue.ts";
import { CATALOGUE_MESSAGES } from "../../schemas/messages.ts";
import { idParams } from "../../schemas/params.ts";
import { worthQuerySchema, worthReplySchema } from "../../schemas/price-guidance.ts";
import { processorHintsSchema, processorQuerySchema } from "../../schemas/processors.ts";
import { facetsSchema, searchPageSchema, searchSchema } from "../../schemas/search.ts";
import { apiErrorSchema } from "../http/errors.ts";
import { sessionUserOf } from "../http/session-cookies.ts";
import type { Services } from "../services.ts";

export const catalogueApi: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const tags = ["catalogue"];
  // A request without a cookie or credentials may be answered from the replica (no session to have just
  // changed anything); anyone else reads the primary.
  const catalogueFor = (request: FastifyRequest) =>
    anonymous((name) => request.headers[name]) ? services.catalogue.forVisitors : services.catalogue;
  app.get(
    "/brands",
    { schema: { tags, summary: "All brands, by name", response: { 200: brandListSchema } } },
    async (request) => ({ brands: await catalogueFor(request).listBrands() }),
  );
  app.get(
    "/adverts/advertised",
    {
      schema: {
        tags,
        summary: "Advertised, available laptops for the home page, newest first",
        response: { 200: advertCardListSchema },
      },
    },
    async (request) => ({ adverts: await catalogueFor(request).latestAdvertised() }),
  );
  app.get(
    "/adverts",
    {
      schema: {
        tags,
        summary:
          "Search available laptops: words (typo-tolerant; specifications in them such as `i7 16gb under 600` become filters), filters, sort, keyset pages of 24",
        querystring: searchSchema,
        response: { 200: searchPageSchema },
      },
    },
    async (request) => catalogueFor(request).search(request.query),
  );
  app.get(
    "/adverts/counts",
    {
      schema: {
        tags,
        summary:
          "How many of a search's laptops have each brand, condition, RAM, storage, tier and price range, and a verified battery (capped: see `capped`)",
        querystring: searchSchema,
        response: { 200: facetsSchema },
      },
    },
    async (request) => services.catalogue.countSearch(request.query),
  );
  app.get(
    "/adverts/:id",
    {
      schema: {
        tags,
        summary:
          "One laptop (sold ones included; deleted ones are 404, held and rejected ones too but for their seller and admins)",
        params: idParams,
        response: { 200: advertDetailSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      // A held or rejected laptop is shown to its seller and admins only: the session is read just then.
      const advert = await catalogueFor(request).getAdvert(request.params.id, () => sessionUserOf(services, request));
      if (!advert) throw new AppError("NOT_FOUND", CATALOGUE_MESSAGES.laptopNotFound);
      return advert;
    },
  );
  app.get(
    "/processors",
    {
      schema: {
        tags,
        summary: "What a typed processor is read as, and up to 8 processors to suggest (the post and edit forms)",
        querystring: processorQuerySchema,
        response: { 200: processorHintsSchema },
      },
    },
    // From the processor list in memory, no database: the same question always has the same answer until
    // the next release, so browsers and proxies may keep it for a day (signed-in answers stay private).
    async (request, reply) => {
      reply.header("cache-control", "public, max-age=86400");
      return processorHints(request.query.q);
    },
  );
  app.get(
    "/worth",
    {
      schema: {
        tags,
        summary:
          "What a laptop of this configuration is worth: what similar laptops sold for in the last 12 months (or, with too few sales, are listed for) and those sales (/worth)",
        querystring: worthQuerySchema,
        response: { 200: worthReplySchema, 400: apiErrorSchema },
      },
    },
    (request) => services.catalogue.worth(request.query),
  );
};
