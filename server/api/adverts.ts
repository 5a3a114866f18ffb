import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { advertSchema, advertUpdateSchema, CONDITIONS, STORAGE_TYPES } from "../../schemas/catalogue.ts";
import { errorResponses } from "../http/errors.ts";
import { requireUser } from "../http/guard.ts";
import { binaryField, multipartValidator, parseBody, registerMultipart } from "../http/multipart.ts";
import { idParams } from "../http/params.ts";
import type { Services } from "../services.ts";

/** The advert form as multipart fields (documented; validated by the shared schema in the handler). */
const advertMultipart = z.object({
  name: z.string(),
  brandId: z.uuid(),
  originalPrice: z.string().meta({ description: "Dollars, e.g. 1200 or 1199.99" }),
  resalePrice: z.string().meta({ description: "Dollars; not more than the original price" }),
  yearsOfUse: z.string().meta({ description: "Whole years, 0–30" }),
  location: z.string(),
  mobile: z.string(),
  description: z.string(),
  condition: z.enum(CONDITIONS),
  processor: z.string().optional(),
  ramGb: z.string().optional(),
  storageGb: z.string().optional(),
  storageType: z.enum(STORAGE_TYPES).optional(),
  screenInches: z.string().optional(),
  batteryHealth: z.string().optional(),
  photos: binaryField("1–6 photos (JPEG, PNG or WebP, 8 MB each); repeat the field for several"),
});

/** A seller's adverts. The seller is the signed-in account; ownership is checked by the core. */
export const advertsApi: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  await registerMultipart(app, services, "seller");
  const tags = ["adverts"];
  const consumes = ["multipart/form-data"];

  app.post(
    "/adverts",
    {
      schema: {
        tags,
        summary: "Post an advert (seller)",
        consumes,
        body: advertMultipart,
        response: { 201: z.object({ id: z.uuid() }), ...errorResponses },
      },
      validatorCompiler: multipartValidator,
    },
    async (request, reply) => {
      const user = await requireUser(services, request, "seller");
      return reply.status(201).send(await services.adverts.create(user, parseBody(advertSchema, request.body)));
    },
  );

  app.put(
    "/adverts/:id",
    {
      schema: {
        tags,
        summary: "Edit an advert (its seller); photos replace the old ones only when given",
        consumes,
        params: idParams,
        body: advertMultipart.partial({ photos: true }),
        response: { 204: z.null(), ...errorResponses },
      },
      validatorCompiler: multipartValidator,
    },
    async (request, reply) => {
      const user = await requireUser(services, request, "seller");
      await services.adverts.update(user, request.params.id, parseBody(advertUpdateSchema, request.body));
      return reply.status(204).send(null);
    },
  );

  app.put(
    "/adverts/:id/advertisement",
    {
      schema: {
        tags,
        summary: "Add to or remove from the home page's advertisement section (its seller)",
        params: idParams,
        body: z.object({ advertised: z.boolean() }),
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await requireUser(services, request, "seller");
      await services.adverts.setAdvertised(user, request.params.id, request.body.advertised);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    "/adverts/:id",
    {
      schema: {
        tags,
        summary: "Delete (withdraw) an advert (its seller, or an admin)",
        params: idParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await requireUser(services, request);
      await services.adverts.withdraw(user, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/sellers/:email/adverts",
    {
      schema: {
        tags,
        summary: "A seller's own adverts, sold ones included (that seller, or an admin)",
        params: z.object({ email: z.string() }),
        response: {
          200: z.object({
            adverts: z.array(
              z.object({
                id: z.uuid(),
                name: z.string(),
                imageUrl: z.string(),
                resalePriceCents: z.int(),
                advertised: z.boolean(),
                sold: z.boolean(),
                removedBecause: z.string().nullable(),
                sale: z.object({ buyerName: z.string(), priceCents: z.int() }).nullable(),
              }),
            ),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const user = await requireUser(services, request);
      return { adverts: await services.catalogue.listSellerAdverts(user, request.params.email) };
    },
  );
};
