import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { brandMultipartSchema, brandSchema, brandUpdateSchema } from "../../schemas/catalogue.ts";
import { createdSchema } from "../../schemas/replies.ts";
import { registerMultipart } from "../http/multipart.ts";
import { signedInRoutes } from "../http/signed-in-routes.ts";
import type { Services } from "../services.ts";

/** Admin-only brand management (the list itself is public, in catalogue.ts). */
export const brandsApi: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  await registerMultipart(app, services, "admin");
  const signedIn = signedInRoutes(app, services, ["brands"]);

  signedIn.post(
    "/brands",
    {
      summary: "Add a brand (admin)",
      area: "admin",
      form: brandMultipartSchema(true),
      body: brandSchema,
      reply: createdSchema,
      status: 201,
    },
    (admin, { body }) => services.catalogue.brands.create(admin, body),
  );

  signedIn.action.put(
    "/brands/:id",
    {
      summary: "Rename a brand and optionally replace its logo (admin)",
      area: "admin",
      form: brandMultipartSchema(false),
      body: brandUpdateSchema,
    },
    (admin, { id }, brand) => services.catalogue.brands.update(admin, id, brand),
  );
  signedIn.action.delete(
    "/brands/:id",
    { summary: "Delete a brand that has no laptops (admin)", area: "admin" },
    (admin, { id }) => services.catalogue.brands.remove(admin, id),
  );
};
