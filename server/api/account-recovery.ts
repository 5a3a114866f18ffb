import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { forgotPasswordSchema, resetPasswordBodySchema } from "../../schemas/account-recovery.ts";
import { SIGN_IN_LINK_TTL_SECONDS, signInLinkRequestSchema } from "../../schemas/login-limits.ts";
import { apiErrorSchema } from "../http/errors.ts";
import { forwardToAuth } from "../http/web.ts";
import type { Services } from "../services.ts";

const statusReply = z.object({ status: z.boolean() });

/**
 * Forgot password, the reset link, email verification and the emailed sign-in link: better-auth's own
 * endpoints, under the rules its hooks in core/accounts/auth.ts add (the same answer and time for unknown
 * emails, limits with 429, the sign-up password rules, one use, one hour, other sessions ended, signed in
 * after a reset). The sign-in link leads to the page /login/link, whose button signs in.
 */
export const accountRecoveryApi: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const forward = forwardToAuth(services);
  const tags = ["identity"];

  app.post(
    "/auth/request-password-reset",
    {
      schema: {
        tags,
        summary: "Email a password reset link (the same answer whether the account exists or not)",
        body: forgotPasswordSchema,
        response: { 200: statusReply.extend({ message: z.string() }), 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    forward,
  );
  app.post(
    "/auth/sign-in/magic-link",
    {
      schema: {
        tags,
        summary: `Email a sign-in link (once, within ${SIGN_IN_LINK_TTL_SECONDS / 60} minutes; the same answer whether the account exists or not)`,
        description:
          "For the owner whose account refuses devices it does not know after many failed logins (429), or anyone. " +
          "The link opens /login/link, where a button signs in.",
        body: signInLinkRequestSchema,
        response: { 200: statusReply, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    forward,
  );
  app.post(
    "/auth/reset-password",
    {
      schema: {
        tags,
        summary:
          "Set a new password with an emailed token (once, within an hour); ends other sessions, signs in (with two-factor on, after its code)",
        description:
          "With two-factor on, the link proves the address only: the answer adds `twoFactorRedirect` and " +
          "`twoFactorMethods`, no session starts, and the code goes to /api/auth/two-factor/verify-totp (or " +
          "verify-backup-code) as after a password.",
        body: resetPasswordBodySchema,
        response: {
          200: statusReply.extend({
            twoFactorRedirect: z.literal(true).optional(),
            twoFactorMethods: z.array(z.string()).optional(),
          }),
          400: apiErrorSchema,
          429: apiErrorSchema,
          // The password hashes' line is full (PASSWORD_HASHES_WAITING), with Retry-After.
          503: apiErrorSchema,
        },
      },
    },
    forward,
  );
  app.get(
    "/auth/verify-email",
    {
      schema: {
        tags,
        summary: "Verify the account's email address with the emailed token",
        querystring: z.object({ token: z.string().min(1) }),
        response: { 200: statusReply.extend({ user: z.unknown() }), 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    forward,
  );
  app.post(
    "/auth/send-verification-email",
    {
      schema: {
        tags,
        summary: "Send the email verification link again",
        body: z.object({ email: z.email() }),
        response: { 200: statusReply, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    forward,
  );
};
