import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actingModeSchema } from "../../schemas/accounts.ts";
import { peoplePageSchema, peopleQuerySchema, verificationSchema } from "../../schemas/moderation.ts";
import { accountOrderListSchema } from "../../schemas/orders.ts";
import { accountIdParams } from "../../schemas/params.ts";
import { modifiedSchema } from "../../schemas/replies.ts";
import { signedInRoutes } from "../http/signed-in-routes.ts";
import type { Services } from "../services.ts";

/** Admins manage sellers and buyers; sellers switch their acting mode. */
export const peopleApi: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const signedIn = signedInRoutes(app, services, ["people"]);
  for (const [path, role, summary] of [
    ["/sellers", "seller", "All sellers, newest first (admin)"],
    ["/buyers", "user", "All buyers, newest first (admin)"],
  ] as const) {
    signedIn.get(
      path,
      { summary, area: "admin", querystring: peopleQuerySchema, reply: peoplePageSchema },
      (admin, { query }) => services.moderation.people.list(admin, role, query),
    );
  }
  signedIn.put(
    "/sellers/:id/verification",
    {
      summary: "Verify a seller, or revoke it (admin); every advert of the seller shows the mark",
      area: "admin",
      params: accountIdParams,
      body: verificationSchema,
      reply: modifiedSchema,
    },
    async (admin, { params, body }) => ({
      modified: await services.moderation.people.setVerified(admin, params.id, body.verified),
    }),
  );
  signedIn.action.delete(
    "/users/:id",
    {
      summary: "Delete an account (admin): it cannot sign in any more; its orders and payments are kept",
      area: "admin",
      params: accountIdParams,
    },
    (admin, { id }) => services.moderation.people.deactivate(admin, id),
  );
  signedIn.get(
    "/users/:id/orders",
    {
      summary:
        "Every order an account took part in, as buyer or seller, with its payment (admin; deleted accounts too)",
      area: "admin",
      params: accountIdParams,
      reply: accountOrderListSchema,
    },
    async (admin, { params }) => ({ orders: await services.orders.listForAdmin(admin, params.id) }),
  );
  signedIn.put(
    "/me/acting-mode",
    { summary: "Sellers: act as a seller or as a user (buyer)", body: actingModeSchema, reply: modifiedSchema },
    async (user, { body }) => ({
      modified: await services.accounts.profile.setActingAsSeller(user, body.mode === "seller"),
    }),
  );
};
