import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { brandMultipartSchema, brandSchema, brandUpdateSchema } from "../../schemas/catalogue.ts";
import { createdSchema } from "../../schemas/replies.ts";
import { signedInActions } from "../http/actions.ts";
import { errorResponses } from "../http/errors.ts";
import { requireUser } from "../http/guard.ts";
import { multipartValidator, parseBody, registerMultipart } from "../http/multipart.ts";
import type { Services } from "../services.ts";

/** Admin-only brand management (the list itself is public, in catalogue.ts). */
export const brandsApi: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  await registerMultipart(app, services, "admin");
  const tags = ["brands"];
  const consumes = ["multipart/form-data"];
  const action = signedInActions(app, services, tags);

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

  action.put(
    "/brands/:id",
    {
      summary: "Rename a brand and optionally replace its logo (admin)",
      area: "admin",
      form: brandMultipartSchema(false),
      body: brandUpdateSchema,
    },
    (admin, { id }, brand) => services.catalogue.brands.update(admin, id, brand),
  );
  action.delete(
    "/brands/:id",
    { summary: "Delete a brand that has no laptops (admin)", area: "admin" },
    (admin, { id }) => services.catalogue.brands.remove(admin, id),
  );
};
