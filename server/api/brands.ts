import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { brandMultipartSchema, brandSchema, brandUpdateSchema } from "../../schemas/catalogue.ts";
import { createdSchema } from "../../schemas/replies.ts";
import { errorResponses } from "../http/errors.ts";
import { requireUser } from "../http/guard.ts";
import { multipartValidator, parseBody, registerMultipart } from "../http/multipart.ts";
import { idParams } from "../http/params.ts";
import type { Services } from "../services.ts";

/** Admin-only brand management (the list itself is public, in catalogue.ts). */
export const brandsApi: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  await registerMultipart(app, services, "admin");
  const tags = ["brands"];
  const consumes = ["multipart/form-data"];

  app.post(
    "/brands",
    {
      schema: {
        tags,
        summary: "Add a brand (admin)",
        consumes,
        body: brandMultipartSchema(true),
        response: { 201: createdSchema, ...errorResponses },
      },
      validatorCompiler: multipartValidator,
    },
    async (request, reply) => {
      const admin = await requireUser(services, request, "admin");
      const brand = await services.catalogue.brands.create(admin, parseBody(brandSchema, request.body));
      return reply.status(201).send(brand);
    },
  );

  app.put(
    "/brands/:id",
    {
      schema: {
        tags,
        summary: "Rename a brand and optionally replace its logo (admin)",
        consumes,
        params: idParams,
        body: brandMultipartSchema(false),
        response: { 204: z.null(), ...errorResponses },
      },
      validatorCompiler: multipartValidator,
    },
    async (request, reply) => {
      const admin = await requireUser(services, request, "admin");
      await services.catalogue.brands.update(admin, request.params.id, parseBody(brandUpdateSchema, request.body));
      return reply.status(204).send(null);
    },
  );

  app.delete(
    "/brands/:id",
    {
      schema: {
        tags,
        summary: "Delete a brand that has no laptops (admin)",
        params: idParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const admin = await requireUser(services, request, "admin");
      await services.catalogue.brands.remove(admin, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
