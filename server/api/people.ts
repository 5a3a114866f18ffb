import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actingModeSchema } from "../../schemas/accounts.ts";
import { peoplePageSchema, peopleQuerySchema, verificationSchema } from "../../schemas/moderation.ts";
import { accountOrderListSchema } from "../../schemas/orders.ts";
import { accountIdParams } from "../../schemas/params.ts";
import { modifiedSchema } from "../../schemas/replies.ts";
import { signedInActions } from "../http/actions.ts";
import { errorResponses } from "../http/errors.ts";
import { requireUser } from "../http/guard.ts";
import type { Services } from "../services.ts";

/** Admins manage sellers and buyers; sellers switch their acting mode. */
export const peopleApi: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const tags = ["people"];
  const action = signedInActions(app, services, tags);
  for (const [path, role, summary] of [
    ["/sellers", "seller", "All sellers, newest first (admin)"],
    ["/buyers", "user", "All buyers, newest first (admin)"],
  ] as const) {
    app.get(
      path,
      {
        schema: {
          tags,
          summary,
          querystring: peopleQuerySchema,
          response: { 200: peoplePageSchema, ...errorResponses },
        },
      },
      async (request) => {
        const admin = await requireUser(services, request, "admin");
        return services.moderation.people.list(admin, role, request.query);
      },
    );
  }
  app.put(
    "/sellers/:id/verification",
    {
      schema: {
        tags,
        summary: "Verify a seller, or revoke it (admin); every advert of the seller shows the mark",
        params: accountIdParams,
        body: verificationSchema,
        response: { 200: modifiedSchema, ...errorResponses },
      },
    },
    async (request) => {
      const admin = await requireUser(services, request, "admin");
      return {
        modified: await services.moderation.people.setVerified(admin, request.params.id, request.body.verified),
      };
    },
  );
  action.delete(
    "/users/:id",
    {
      summary: "Delete an account (admin): it cannot sign in any more; its orders and payments are kept",
      area: "admin",
      params: accountIdParams,
    },
    (admin, { id }) => services.moderation.people.deactivate(admin, id),
  );
  app.get(
    "/users/:id/orders",
    {
      schema: {
        tags,
        summary:
          "Every order an account took part in, as buyer or seller, with its payment (admin; deleted accounts too)",
        params: accountIdParams,
        response: { 200: accountOrderListSchema, ...errorResponses },
      },
    },
    async (request) => ({
      orders: await services.orders.listForAdmin(await requireUser(services, request, "admin"), request.params.id),
    }),
  );
  app.put(
    "/me/acting-mode",
    {
      schema: {
        tags,
        summary: "Sellers: act as a seller or as a user (buyer)",
        body: actingModeSchema,
        response: { 200: modifiedSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = await requireUser(services, request);
      return { modified: await services.accounts.profile.setActingAsSeller(user, request.body.mode === "seller") };
    },
  );
};
