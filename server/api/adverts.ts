import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { stagedPhotoSchema, stagedPhotoUploadSchema } from "../../schemas/advert-photos.ts";
import {
  advertisementSchema,
  advertMultipartSchema,
  advertSchema,
  advertUpdateSchema,
  sellerAdvertListSchema,
} from "../../schemas/catalogue.ts";
import { sellerEmailParams } from "../../schemas/params.ts";
import { createdSchema } from "../../schemas/replies.ts";
import { registerMultipart } from "../http/multipart.ts";
import { signedInRoutes } from "../http/signed-in-routes.ts";
import type { Services } from "../services.ts";

/** A seller's adverts. The seller is the signed-in account; ownership is checked by the core. */
export const advertsApi: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  await registerMultipart(app, services, "seller");
  const signedIn = signedInRoutes(app, services, ["adverts"]);

  signedIn.post(
    "/adverts",
    {
      summary: "Post an advert (seller)",
      area: "seller",
      form: advertMultipartSchema,
      body: advertSchema,
      reply: createdSchema,
      status: 201,
    },
    (seller, { body }) => services.catalogue.adverts.create(seller, body),
  );

  signedIn.post(
    "/advert-photos",
    {
      summary: "Upload one photo ahead of the advert form (seller): name its id in `photo` within 24 hours",
      description:
        "The photo is checked and re-encoded as the form's photos are, and kept for you alone; posting or saving an advert that names it uses it up.",
      area: "seller",
      form: stagedPhotoUploadSchema,
      body: stagedPhotoUploadSchema,
      reply: stagedPhotoSchema,
      status: 201,
    },
    (seller, { body }) => services.catalogue.adverts.stagePhoto(seller, body.photo),
  );

  signedIn.action.put(
    "/adverts/:id",
    {
      summary: "Edit an advert (its seller); its photos stay unless removed or `photoOrder` lists those kept",
      area: "seller",
      form: advertMultipartSchema,
      body: advertUpdateSchema,
    },
    (seller, { id }, advert) => services.catalogue.adverts.update(seller, id, advert),
  );

  signedIn.action.put(
    "/adverts/:id/advertisement",
    {
      summary: "Add to or remove from the home page's advertisement section (its seller)",
      area: "seller",
      body: advertisementSchema,
    },
    (seller, { id }, { advertised }) => services.catalogue.adverts.setAdvertised(seller, id, advertised),
  );

  signedIn.action.delete(
    "/adverts/:id",
    { summary: "Delete (withdraw) an advert (its seller, or an admin)" },
    (user, { id }) => services.catalogue.adverts.withdraw(user, id),
  );

  signedIn.get(
    "/sellers/:email/adverts",
    {
      summary: "A seller's own adverts, sold ones included (that seller, or an admin)",
      params: sellerEmailParams,
      reply: sellerAdvertListSchema,
    },
    async (user, { params }) => ({ adverts: await services.catalogue.listSellerAdverts(user, params.email) }),
  );
};
