import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { isActingSeller, isAdmin } from "../../core/accounts/index.ts";
import {
  accountSummaryQuerySchema,
  accountSummarySchema,
  isAdminReplySchema,
  isSellerReplySchema,
  loginSchema,
  sessionReplySchema,
  sessionUserSchema,
  signOutReplySchema,
  signUpSchema,
  socialSignInSchema,
} from "../../schemas/accounts.ts";
import { apiErrorSchema, errorResponses } from "../http/errors.ts";
import { requireUser } from "../http/guard.ts";
import { providerParams } from "../http/params.ts";
import { sendWebResponse, webRequest } from "../http/web.ts";
import type { Services } from "../services.ts";

/**
 * Accounts: the signed-in account, its role checks, and the identity endpoints
 * (better-auth) that clients may call. Other better-auth paths are not exposed.
 */
export const accountsApi: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const forward = async (request: Parameters<typeof webRequest>[0], reply: Parameters<typeof sendWebResponse>[0]) =>
    sendWebResponse(reply, await services.accounts.auth.handler(webRequest(request)));
  const tags = ["accounts"];

  app.get(
    "/me",
    { schema: { tags, summary: "The signed-in account", response: { 200: sessionUserSchema, ...errorResponses } } },
    async (request) => requireUser(services, request),
  );
  app.get(
    "/me/summary",
    {
      schema: {
        tags,
        summary: "The signed-in account's name, unread counts and hearts among some laptops",
        description: "What a list page kept for every signed-in reader of its kind fills in once loaded (decision 10).",
        querystring: accountSummaryQuerySchema,
        response: { 200: accountSummarySchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = await requireUser(services, request);
      const [unread, hearts] = await Promise.all([
        services.conversations.unreadCounts(user),
        services.favourites.heartsAmong(user, request.query.advertIds),
      ]);
      return { name: user.name, email: user.email, unread, hearts };
    },
  );
  app.get(
    "/me/is-admin",
    {
      schema: {
        tags,
        summary: "Whether the signed-in account is an admin",
        response: { 200: isAdminReplySchema, ...errorResponses },
      },
    },
    async (request) => ({ isAdmin: isAdmin(await requireUser(services, request)) }),
  );
  app.get(
    "/me/is-seller",
    {
      schema: {
        tags,
        summary: "Whether the signed-in account is a seller acting as a seller",
        response: { 200: isSellerReplySchema, ...errorResponses },
      },
    },
    async (request) => ({ isSeller: isActingSeller(await requireUser(services, request)) }),
  );

  const authTags = ["identity"];
  app.post(
    "/auth/sign-up/email",
    {
      schema: {
        tags: authTags,
        summary: "Create a buyer account (role user) and sign in",
        body: signUpSchema,
        response: { 200: sessionReplySchema, 400: apiErrorSchema, 422: apiErrorSchema },
      },
    },
    forward,
  );
  app.post(
    "/auth/sign-in/email",
    {
      schema: {
        tags: authTags,
        summary: "Sign in with email and password (sets the session cookie)",
        body: loginSchema,
        response: { 200: sessionReplySchema, 401: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    forward,
  );
  app.post(
    "/auth/sign-out",
    { schema: { tags: authTags, summary: "End the session", response: { 200: signOutReplySchema } } },
    forward,
  );
  app.get("/auth/get-session", { schema: { tags: authTags, summary: "The current session, or null" } }, forward);
  app.post(
    "/auth/sign-in/social",
    {
      schema: {
        tags: authTags,
        summary: "Start Google sign-in; returns the provider's URL",
        body: socialSignInSchema,
      },
    },
    forward,
  );
  app.get(
    "/auth/callback/:providerId",
    {
      schema: {
        tags: authTags,
        summary: "Google's redirect back after sign-in",
        params: providerParams,
      },
    },
    forward,
  );
};
