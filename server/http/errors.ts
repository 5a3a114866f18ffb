import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { z } from "zod";
import { DEFAULT_RETRY_AFTER_SECONDS, isAppError, retryAfterHeader } from "../../core/errors.ts";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE } from "../../db/availability.ts";

/** The one shape of every API error. */
export const apiErrorSchema = z
  .object({
    code: z.string().meta({ example: "VALIDATION_FAILED" }),
    message: z.string().meta({ example: "Check the highlighted fields." }),
    fields: z
      .record(z.string(), z.string())
      .optional()
      .meta({ description: "Per-field messages for invalid input", example: { email: "Email is required" } }),
  })
  .meta({ id: "ApiError" });

export const errorResponses = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  402: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};

export function registerErrorHandling(app: FastifyInstance) {
  // Every 429, API and pages alike, says when to come back: a refusal that carries no wait of its own (a
  // page's limit whose route sends no headers) gets the default one.
  app.addHook("onSend", async (_request, reply) => {
    if (reply.statusCode === 429 && !reply.hasHeader("retry-after")) {
      reply.header("retry-after", String(DEFAULT_RETRY_AFTER_SECONDS));
    }
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isAppError(error)) {
      const retryAfter = retryAfterHeader(error);
      if (retryAfter) reply.header("retry-after", retryAfter);
      return reply
        .status(error.status)
        .send({ code: error.code, message: error.message, ...(error.fields && { fields: error.fields }) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const v of error.validation) {
        const key = v.instancePath.replace(/^\//, "").replaceAll("/", ".") || "body";
        fields[key] ??= v.message ?? "Invalid value";
      }
      return reply.status(400).send({ code: "VALIDATION_FAILED", message: "Check the highlighted fields.", fields });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, "database unavailable");
      return reply
        .status(503)
        .header("retry-after", String(RETRY_AFTER_SECONDS))
        .send({ code: "UNAVAILABLE", message: UNAVAILABLE_MESSAGE });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      return reply.status(status).send({ code: error.code ?? "BAD_REQUEST", message: error.message });
    }
    request.log.error({ err: error }, "unexpected error");
    return reply.status(500).send({ code: "INTERNAL", message: "Something went wrong!" });
  });
}
