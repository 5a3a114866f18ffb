import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses } from "../http/errors.ts";
import { requireUser } from "../http/guard.ts";
import { accountIdParams } from "../http/params.ts";
import type { Services } from "../services.ts";
import { orderSchema } from "./orders.ts";

const personSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    role: z.string(),
    verified: z.boolean(),
    actingAsSeller: z.boolean(),
    deactivated: z.boolean(),
    joinedAt: z.string(),
  })
  .meta({ id: "Person" });
const listQuery = z.object({
  q: z.string().max(100).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
const listReply = z.object({ people: z.array(personSchema), total: z.int(), pageSize: z.int() });

/** Admins manage sellers and buyers; sellers switch their acting mode. */
export const peopleApi: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const tags = ["people"];
  for (const [path, role, summary] of [
    ["/sellers", "seller", "All sellers, newest first (admin)"],
    ["/buyers", "user", "All buyers, newest first (admin)"],
  ] as const) {
    app.get(
      path,
      { schema: { tags, summary, querystring: listQuery, response: { 200: listReply, ...errorResponses } } },
      async (request) => {
        const admin = await requireUser(services, request, "admin");
        return services.people.list(admin, role, request.query);
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
        body: z.object({ verified: z.boolean() }),
        response: { 200: z.object({ modified: z.boolean() }), ...errorResponses },
      },
    },
    async (request) => {
      const admin = await requireUser(services, request, "admin");
      return { modified: await services.people.setVerified(admin, request.params.id, request.body.verified) };
    },
  );
  app.delete(
    "/users/:id",
    {
      schema: {
        tags,
        summary: "Delete an account (admin): it cannot sign in any more; its orders and payments are kept",
        params: accountIdParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await services.people.deactivate(await requireUser(services, request, "admin"), request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.get(
    "/users/:id/orders",
    {
      schema: {
        tags,
        summary:
          "Every order an account took part in, as buyer or seller, with its payment (admin; deleted accounts too)",
        params: accountIdParams,
        response: {
          200: z.object({
            orders: z.array(
              orderSchema.extend({
                role: z.enum(["buyer", "seller"]),
                sellerName: z.string(),
                transactionId: z.string().nullable(),
                paymentStatus: z.string().nullable(),
              }),
            ),
          }),
          ...errorResponses,
        },
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
        body: z.object({ mode: z.enum(["seller", "user"]) }),
        response: { 200: z.object({ modified: z.boolean() }), ...errorResponses },
      },
    },
    async (request) => {
      const user = await requireUser(services, request);
      return { modified: await services.profile.setActingAsSeller(user, request.body.mode === "seller") };
    },
  );
};
