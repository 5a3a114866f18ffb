import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { isActingSeller, isAdmin } from "../../core/accounts/index.ts";
import { AppError } from "../../core/errors.ts";
import {
  accountDeletionSchema,
  accountSummaryQuerySchema,
  accountSummarySchema,
  CHANGE_EMAIL_MESSAGES,
  emailChangeConfirmSchema,
  emailChangeSchema,
  FRESH_SIGN_IN_MINUTES,
  googleUnlinkSchema,
  isAdminReplySchema,
  isSellerReplySchema,
  loginSchema,
  passwordSetSchema,
  sessionReplySchema,
  sessionUserSchema,
  signInWaysSchema,
  signOutReplySchema,
  signUpSchema,
  socialSignInSchema,
} from "../../schemas/accounts.ts";
import { providerParams } from "../../schemas/params.ts";
import {
  passkeyAuthenticationSchema,
  passkeyIdParams,
  passkeyListSchema,
  passkeyRegistrationSchema,
  passkeyRenameSchema,
} from "../../schemas/passkeys.ts";
import { sessionIdParams, signedInSessionsSchema, signedOutOthersSchema } from "../../schemas/sessions.ts";
import { gatherToDo, toDoSchema } from "../../schemas/to-do.ts";
import { codeNeededReplySchema } from "../../schemas/two-factor.ts";
import { apiErrorSchema, errorResponses } from "../http/errors.ts";
import { requireUser } from "../http/guard.ts";
import { sessionUserOf } from "../http/session-cookies.ts";
import { signedInRoutes } from "../http/signed-in-routes.ts";
import { forwardToAuth, webHeaders } from "../http/web.ts";
import type { Services } from "../services.ts";

/**
 * Accounts: the signed-in account, its role checks, and the identity endpoints
 * (better-auth) that clients may call. Other better-auth paths are not exposed.
 */
export const accountsApi: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const forward = forwardToAuth(services);
  const signedIn = signedInRoutes(app, services, ["accounts"]);

  signedIn.get("/me", { summary: "The signed-in account", reply: sessionUserSchema }, (user) => user);
  signedIn.get(
    "/me/summary",
    {
      summary: "The signed-in account's name, unread counts, and its hearts and bookings among some laptops",
      description: "What a list page kept for every signed-in reader of its kind fills in once loaded (decision 10).",
      querystring: accountSummaryQuerySchema,
      reply: accountSummarySchema,
    },
    async (user, { query }) => {
      const [unread, hearts, booked] = await Promise.all([
        services.conversations.unreadCounts(user),
        services.favourites.heartsAmong(user, query.advertIds),
        services.orders.bookedAmong(user, query.advertIds),
      ]);
      return { name: user.name, email: user.email, unread, hearts, booked };
    },
  );
  signedIn.get(
    "/me/to-do",
    {
      summary: "What waits on the signed-in account, counted: its own, for its role and acting mode",
      description:
        "A buyer: orders to pay and to confirm received, unread messages, new saved-search matches this week. A seller " +
        "acting as a seller: bookings to answer, orders to hand over, open disputes, unread messages. An admin: held " +
        "adverts, reported things, open disputes, failed emails. The dashboard's home shows the same.",
      reply: toDoSchema,
    },
    (user) => gatherToDo(services, user),
  );
  signedIn.get(
    "/me/is-admin",
    { summary: "Whether the signed-in account is an admin", reply: isAdminReplySchema },
    (user) => ({ isAdmin: isAdmin(user) }),
  );
  signedIn.get(
    "/me/is-seller",
    { summary: "Whether the signed-in account is a seller acting as a seller", reply: isSellerReplySchema },
    (user) => ({ isSeller: isActingSeller(user) }),
  );

  signedIn.get(
    "/me/sessions",
    {
      summary: "Where the signed-in account is signed in: its live sessions, the asking one marked",
      description:
        "Device read from the user agent, the address it signed in from, last active; newest first, at most 50 " +
        "(`more` says when older ones were left out).",
      reply: signedInSessionsSchema,
    },
    (user, { headers }) => services.accounts.sessions.list(user, headers),
  );
  signedIn.action.delete(
    "/me/sessions/:id",
    {
      summary: "Sign out one of the account's sessions (404 for anyone else's)",
      description: "The device is signed out at once, on every process.",
      params: sessionIdParams,
    },
    (user, { id }) => services.accounts.sessions.end(user, id),
  );
  signedIn.post(
    "/me/sessions/sign-out-others",
    {
      summary: "Sign out everywhere else: every session of the account but the asking one",
      description: "Every browser trusted to skip two-factor's code is forgotten too, this one included.",
      reply: signedOutOthersSchema,
    },
    (user, { headers }) => services.accounts.sessions.endOthers(user, headers),
  );
  signedIn.get(
    "/me/passkeys",
    {
      summary: "The signed-in account's passkeys: name and when each was added, oldest first",
      description:
        "Adding one is the WebAuthn ceremony under /auth/passkey (generate-register-options, verify-registration).",
      reply: passkeyListSchema,
    },
    (user) => services.accounts.passkeys.list(user),
  );
  signedIn.action.put(
    "/me/passkeys/:id",
    {
      summary: "Rename one of the account's passkeys (404 for anyone else's)",
      params: passkeyIdParams,
      body: passkeyRenameSchema,
    },
    (user, { id }, { name }) => services.accounts.passkeys.rename(user, id, name),
  );
  signedIn.action.delete(
    "/me/passkeys/:id",
    {
      summary: "Remove one of the account's passkeys (404 for anyone else's): it no longer signs anyone in",
      params: passkeyIdParams,
    },
    (user, { id }) => services.accounts.passkeys.remove(user, id),
  );
  signedIn.get(
    "/me/sign-in-ways",
    {
      summary: "How the account signs in besides its passkeys: with a password, with Google",
      reply: signInWaysSchema,
    },
    (user) => services.accounts.profile.signInWays(user),
  );
  signedIn.post(
    "/me/password",
    {
      summary: "Set a password, for an account that has none (Google made it); the owner is emailed",
      description:
        `The account must have signed in within ${FRESH_SIGN_IN_MINUTES} minutes (403 otherwise); 409 when it has a ` +
        "password already (change it with /auth/change-password).",
      body: passwordSetSchema,
      reply: z.null(),
      status: 204,
    },
    async (user, { body, headers }) => {
      await services.accounts.profile.setPassword(user, body.newPassword, headers);
      return null;
    },
  );
  signedIn.post(
    "/me/google/unlink",
    {
      summary: "Unlink the account's Google account, with the password; the owner is emailed",
      description:
        "404 when no Google account is linked; 409 while Google is the only way in (set a password first); 400 " +
        "naming `password` for a wrong one, 429 after too many. Linking one is a browser's trip to Google " +
        "(the profile's Link a Google account).",
      body: googleUnlinkSchema,
      reply: z.null(),
      status: 204,
    },
    async (user, { body, headers }) => {
      await services.accounts.profile.unlinkGoogle(user, body.password, headers);
      return null;
    },
  );
  app.post(
    "/me/delete",
    {
      schema: {
        tags: ["accounts"],
        summary: "Delete my account (anonymised; refused while an order is not finished or a balance not paid out)",
        description:
          "With `password` for an account that has one; an account without (Google) must have signed in within " +
          `${FRESH_SIGN_IN_MINUTES} minutes. Ends every session and clears the session cookie.`,
        body: accountDeletionSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await requireUser(services, request);
      const { headers } = await services.accounts.profile.deleteOwnAccount(user, request.body, webHeaders(request));
      reply.header("set-cookie", headers.getSetCookie());
      return reply.status(204).send(null);
    },
  );

  signedIn.post(
    "/me/email",
    {
      summary: "Change email: a link to the new address (the old one is told); the address changes when it is followed",
      description:
        "With `password` for an account that has one; an account without (Google) must have signed in within " +
        `${FRESH_SIGN_IN_MINUTES} minutes. Refused (400 naming \`email\`) for the same address or one another account ` +
        "uses; limited per account (429). The link works once, for 24 hours.",
      body: emailChangeSchema,
      reply: z.object({ email: z.string() }),
    },
    (user, { body, headers }) => services.accounts.profile.requestEmailChange(user, body, headers),
  );
  app.post(
    "/email-change/confirm",
    {
      schema: {
        tags: ["accounts"],
        summary: "Follow a Change email link: the account's address becomes the new one, confirmed",
        description:
          "The token from the emailed link, by anyone holding it (it proves the new address); signed in as another " +
          "account, refused (403) and the link keeps working. 400 for a used, expired or unknown link.",
        body: emailChangeConfirmSchema,
        response: { 200: z.object({ email: z.string() }), ...errorResponses },
      },
    },
    async (request) => {
      const follower = await sessionUserOf(services, request);
      const result = await services.accounts.profile.confirmEmailChange(request.body.token, follower);
      if (result.ok) return { email: result.email };
      if (result.reason === "other") throw new AppError("FORBIDDEN", CHANGE_EMAIL_MESSAGES.otherAccount);
      if (result.reason === "taken") {
        throw new AppError("CONFLICT", CHANGE_EMAIL_MESSAGES.addressTaken, {
          email: CHANGE_EMAIL_MESSAGES.addressTaken,
        });
      }
      throw new AppError("VALIDATION_FAILED", CHANGE_EMAIL_MESSAGES.linkInvalid, {
        token: CHANGE_EMAIL_MESSAGES.linkInvalid,
      });
    },
  );

  const authTags = ["identity"];
  app.post(
    "/auth/sign-up/email",
    {
      schema: {
        tags: authTags,
        summary: "Create a buyer account (role user) and sign in",
        body: signUpSchema,
        // 503: too many waiting for their password's hash in this process (PASSWORD_HASHES_WAITING), Retry-After.
        response: { 200: sessionReplySchema, 400: apiErrorSchema, 422: apiErrorSchema, 503: apiErrorSchema },
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
        description:
          "With two-factor on, the answer is `twoFactorRedirect` and a 10-minute cookie instead of a session: " +
          "the code goes to /api/auth/two-factor/verify-totp (or verify-backup-code).",
        body: loginSchema,
        response: {
          200: z.union([sessionReplySchema, codeNeededReplySchema]),
          401: apiErrorSchema,
          429: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    forward,
  );
  app.post(
    "/auth/sign-out",
    { schema: { tags: authTags, summary: "End the session", response: { 200: signOutReplySchema } } },
    forward,
  );
  // Passkeys: the browser asks for a challenge, the authenticator signs it, better-auth checks the answer.
  app.get(
    "/auth/passkey/generate-register-options",
    {
      schema: {
        tags: authTags,
        summary: "Add a passkey, step 1: WebAuthn creation options for the signed-in account (sets a challenge cookie)",
        querystring: z.object({ name: z.string().max(200).optional() }),
      },
    },
    forward,
  );
  app.post(
    "/auth/passkey/verify-registration",
    {
      schema: {
        tags: authTags,
        summary: "Add a passkey, step 2: the authenticator's answer and the passkey's name; stores the passkey",
        body: passkeyRegistrationSchema,
        response: { 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    forward,
  );
  app.get(
    "/auth/passkey/generate-authenticate-options",
    {
      schema: {
        tags: authTags,
        summary: "Sign in with a passkey, step 1: WebAuthn request options (sets a challenge cookie)",
      },
    },
    forward,
  );
  app.post(
    "/auth/passkey/verify-authentication",
    {
      schema: {
        tags: authTags,
        summary: "Sign in with a passkey, step 2: the authenticator's signed answer (sets the session cookie)",
        body: passkeyAuthenticationSchema,
        response: { 200: sessionReplySchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
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
