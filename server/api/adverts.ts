import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  advertisementSchema,
  advertMultipartSchema,
  advertSchema,
  advertUpdateSchema,
  sellerAdvertListSchema,
} from "../../schemas/catalogue.ts";
import { sellerEmailParams } from "../../schemas/params.ts";
import { createdSchema } from "../../schemas/replies.ts";
import { signedInActions } from "../http/actions.ts";
import { errorResponses } from "../http/errors.ts";
import { requireUser } from "../http/guard.ts";
import { multipartValidator, parseBody, registerMultipart } from "../http/multipart.ts";
import type { Services } from "../services.ts";

/** A seller's adverts. The seller is the signed-in account; ownership is checked by the core. */
export const advertsApi: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  await registerMultipart(app, services, "seller");
  const tags = ["adverts"];
  const consumes = ["multipart/form-data"];
  const action = signedInActions(app, services, tags);

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
      return reply
        .status(201)
        .send(await services.catalogue.adverts.create(user, parseBody(advertSchema, request.body)));
    },
  );

  action.put(
    "/adverts/:id",
    {
      summary: "Edit an advert (its seller); photos replace the old ones only when given",
      area: "seller",
      form: advertMultipartSchema.partial({ photos: true }),
      body: advertUpdateSchema,
    },
    (seller, { id }, advert) => services.catalogue.adverts.update(seller, id, advert),
  );

  action.put(
    "/adverts/:id/advertisement",
    {
      summary: "Add to or remove from the home page's advertisement section (its seller)",
      area: "seller",
      body: advertisementSchema,
    },
    (seller, { id }, { advertised }) => services.catalogue.adverts.setAdvertised(seller, id, advertised),
  );

  action.delete("/adverts/:id", { summary: "Delete (withdraw) an advert (its seller, or an admin)" }, (user, { id }) =>
    services.catalogue.adverts.withdraw(user, id),
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
