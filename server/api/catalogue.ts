import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "../../core/errors.ts";
import { advertCardListSchema, advertDetailSchema, brandListSchema } from "../../schemas/catalogue.ts";
import { searchPageSchema, searchSchema } from "../../schemas/search.ts";
import { apiErrorSchema } from "../http/errors.ts";
import { idParams } from "../http/params.ts";
import type { Services } from "../services.ts";

export const catalogueApi: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const tags = ["catalogue"];
  // A request without a cookie or credentials may be answered from the replica (no session to have just
  // changed anything); anyone else reads the primary.
  const catalogueFor = (request: FastifyRequest) =>
    request.headers.cookie || request.headers.authorization ? services.catalogue : services.visitorCatalogue;
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
        summary: "Search available laptops: words (typo-tolerant), filters, sort, keyset pages of 24",
        querystring: searchSchema,
        response: { 200: searchPageSchema },
      },
    },
    async (request) => catalogueFor(request).search(request.query),
  );
  app.get(
    "/adverts/:id",
    {
      schema: {
        tags,
        summary: "One laptop (sold ones included; deleted ones are 404)",
        params: idParams,
        response: { 200: advertDetailSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const advert = await catalogueFor(request).getAdvert(request.params.id);
      if (!advert) throw new AppError("NOT_FOUND", "This laptop does not exist.");
      return advert;
    },
  );
};
