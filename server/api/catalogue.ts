import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../core/errors.ts";
import { searchSchema } from "../../schemas/search.ts";
import { apiErrorSchema } from "../http/errors.ts";
import { idParams } from "../http/params.ts";
import type { Services } from "../services.ts";

const brandSchema = z.object({ id: z.uuid(), name: z.string(), imageUrl: z.string() }).meta({ id: "Brand" });
const advertCardSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    brandName: z.string(),
    imageUrl: z.string(),
    originalPriceCents: z.int(),
    resalePriceCents: z.int(),
    yearsOfUse: z.int(),
    location: z.string(),
    condition: z.string(),
    sellerName: z.string(),
    sellerVerified: z.boolean(),
    sold: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: "AdvertCard" });

const detailSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    brandId: z.uuid(),
    brandName: z.string(),
    photoUrls: z.array(z.string()),
    originalPriceCents: z.int(),
    resalePriceCents: z.int(),
    yearsOfUse: z.int(),
    location: z.string(),
    description: z.string(),
    condition: z.string(),
    sold: z.boolean(),
    processor: z.string().nullable(),
    ramGb: z.int().nullable(),
    storageGb: z.int().nullable(),
    storageType: z.string().nullable(),
    screenInches: z.string().nullable(),
    batteryHealth: z.int().nullable(),
    sellerName: z.string(),
    sellerVerified: z.boolean(),
    postedAt: z.string(),
  })
  .meta({ id: "AdvertDetail" });

export const catalogueApi: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const tags = ["catalogue"];
  app.get(
    "/brands",
    { schema: { tags, summary: "All brands, by name", response: { 200: z.object({ brands: z.array(brandSchema) }) } } },
    async () => ({ brands: await services.catalogue.listBrands() }),
  );
  app.get(
    "/adverts/advertised",
    {
      schema: {
        tags,
        summary: "Advertised, available laptops for the home page, newest first",
        response: { 200: z.object({ adverts: z.array(advertCardSchema) }) },
      },
    },
    async () => ({ adverts: await services.catalogue.latestAdvertised() }),
  );
  app.get(
    "/adverts",
    {
      schema: {
        tags,
        summary: "Search available laptops: words (typo-tolerant), filters, sort, keyset pages of 24",
        querystring: searchSchema,
        response: { 200: z.object({ items: z.array(advertCardSchema), nextCursor: z.string().nullable() }) },
      },
    },
    async (request) => services.catalogue.search(request.query),
  );
  app.get(
    "/adverts/:id",
    {
      schema: {
        tags,
        summary: "One laptop (sold ones included; deleted ones are 404)",
        params: idParams,
        response: { 200: detailSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const advert = await services.catalogue.getAdvert(request.params.id);
      if (!advert) throw new AppError("NOT_FOUND", "This laptop does not exist.");
      return advert;
    },
  );
};
