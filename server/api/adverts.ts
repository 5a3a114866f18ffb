import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  advertisementSchema,
  advertMultipartSchema,
  advertSchema,
  advertUpdateSchema,
  sellerAdvertListSchema,
} from "../../schemas/catalogue.ts";
import { createdSchema } from "../../schemas/replies.ts";
import { errorResponses } from "../http/errors.ts";
import { requireUser } from "../http/guard.ts";
import { multipartValidator, parseBody, registerMultipart } from "../http/multipart.ts";
import { idParams, sellerEmailParams } from "../http/params.ts";
import type { Services } from "../services.ts";

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
        body: advertMultipartSchema,
        response: { 201: createdSchema, ...errorResponses },
      },
      validatorCompiler: multipartValidator,
    },
    async (request, reply) => {
      const user = await requireUser(services, request, "seller");
      return reply.status(201).send(await services.catalogue.adverts.create(user, parseBody(advertSchema, request.body)));
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
        body: advertMultipartSchema.partial({ photos: true }),
        response: { 204: z.null(), ...errorResponses },
      },
      validatorCompiler: multipartValidator,
    },
    async (request, reply) => {
      const user = await requireUser(services, request, "seller");
      await services.catalogue.adverts.update(user, request.params.id, parseBody(advertUpdateSchema, request.body));
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
        body: advertisementSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await requireUser(services, request, "seller");
      await services.catalogue.adverts.setAdvertised(user, request.params.id, request.body.advertised);
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
      await services.catalogue.adverts.withdraw(user, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/sellers/:email/adverts",
    {
      schema: {
        tags,
        summary: "A seller's own adverts, sold ones included (that seller, or an admin)",
        params: sellerEmailParams,
        response: { 200: sellerAdvertListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = await requireUser(services, request);
      return { adverts: await services.catalogue.listSellerAdverts(user, request.params.email) };
    },
  );
};
