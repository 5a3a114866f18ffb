import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
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
};
