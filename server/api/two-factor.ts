import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { sessionReplySchema } from "../../schemas/accounts.ts";
import {
  backupCodesReplySchema,
  twoFactorPasswordSchema,
  twoFactorSetupReplySchema,
  verifyCodeBodySchema,
} from "../../schemas/two-factor.ts";
import { apiErrorSchema } from "../http/errors.ts";
import { forwardToAuth } from "../http/web.ts";
import type { Services } from "../services.ts";

const statusReply = z.object({ status: z.boolean() });

/**
 * Two-factor authentication: better-auth's TOTP plugin's own endpoints, under the rules core/accounts/auth.ts
 * adds (the second step's wrong codes count with the login limits; wrong passwords per account). Turning it
 * on is two calls: `enable` (the password) answers the authenticator's address and the backup codes, then
 * `verify-totp` with the app's first code puts it in force. Signing in with it on: POST /api/auth/sign-in/email
 * answers `twoFactorRedirect` and a cookie instead of a session; `verify-totp` or `verify-backup-code` ends it.
 */
export const twoFactorApi: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const forward = forwardToAuth(services);
  const tags = ["identity"];
  // 503: the process's password hashes' line is full (PASSWORD_HASHES_WAITING), with Retry-After.
  const refusals = { 400: apiErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema, 503: apiErrorSchema };

  app.post(
    "/auth/two-factor/enable",
    {
      schema: {
        tags,
        summary: "Start turning on two-factor (the password): a new secret, in force after its first code",
        body: twoFactorPasswordSchema,
        response: { 200: twoFactorSetupReplySchema, ...refusals },
      },
    },
    forward,
  );
  app.post(
    "/auth/two-factor/verify-totp",
    {
      schema: {
        tags,
        summary: "An authenticator code: the sign-in's second step, or the first code that turns two-factor on",
        description: "Wrong codes at sign-in count with wrong passwords against the login limits (429).",
        body: verifyCodeBodySchema,
        response: { 200: sessionReplySchema, ...refusals },
      },
    },
    forward,
  );
  app.post(
    "/auth/two-factor/verify-backup-code",
    {
      schema: {
        tags,
        summary: "A backup code instead of the authenticator's (each works once): the sign-in's second step",
        body: verifyCodeBodySchema,
        response: { 200: sessionReplySchema, ...refusals },
      },
    },
    forward,
  );
  app.post(
    "/auth/two-factor/generate-backup-codes",
    {
      schema: {
        tags,
        summary: "New backup codes (the password); the old ones stop working",
        body: twoFactorPasswordSchema,
        response: { 200: backupCodesReplySchema, ...refusals },
      },
    },
    forward,
  );
  app.post(
    "/auth/two-factor/disable",
    {
      schema: {
        tags,
        summary: "Turn two-factor off (the password)",
        body: twoFactorPasswordSchema,
        response: { 200: statusReply, ...refusals },
      },
    },
    forward,
  );
};
