import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import type { FastifyRouteSchemaDef } from "fastify/types/schema.js";
import { validatorCompiler } from "fastify-type-provider-zod";
import type { z } from "zod";
import type { Area } from "../../core/accounts/index.ts";
import { AppError, isAppError } from "../../core/errors.ts";
import { IMAGE_LIMITS } from "../../core/media/index.ts";
import { PHOTO_MESSAGES } from "../../schemas/advert-photos.ts";
import { fieldErrors } from "../../schemas/form-errors.ts";
import type { Services } from "../services.ts";
import { requireUser } from "./guard.ts";

const MULTIPART = /^multipart\/form-data\b/i;

/**
 * Multipart bodies for the API: fields as strings, files as Files (what the shared schemas expect).
 * Only someone who may enter `area` gets the files read: the others are refused before the body is.
 */
export async function registerMultipart(app: FastifyInstance, services: Services, area: Area) {
  // By its header: isMultipart() is only known once the body parser has started.
  app.addHook("preParsing", async (request) => {
    if (MULTIPART.test(request.headers["content-type"] ?? "")) await requireUser(services, request, area);
  });
  // A body busboy cannot read (no boundary, cut short) fails before the handler with a plain Error: the
  // client's mistake, answered 400. Everything else goes on to the app's error handler.
  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    // A photo over the limit is stopped as it streams in (413), in the words the photo picker shows.
    if (error.code === "FST_REQ_FILE_TOO_LARGE") {
      return reply.status(413).send({ code: "PAYLOAD_TOO_LARGE", message: PHOTO_MESSAGES.tooLarge });
    }
    const multipartBody = MULTIPART.test(request.headers["content-type"] ?? "");
    if (!isAppError(error) && error.statusCode === undefined && request.body === undefined && multipartBody) {
      throw new AppError("VALIDATION_FAILED", "The form could not be read.", { body: "Not a readable multipart form" });
    }
    throw error;
  });
  await app.register(multipart, {
    // Six photos and a battery report (2 MB, within a photo's limit).
    limits: { fileSize: IMAGE_LIMITS.maxBytes, files: 7, fields: 40 },
    attachFieldsToBody: "keyValues",
    // Buffers become Files so the same zod schemas validate browser forms and API calls.
    async onFile(part) {
      const buffer = await part.toBuffer();
      (part as unknown as { value: File }).value = new File([new Uint8Array(buffer)], part.filename, {
        type: part.mimetype,
      });
    },
  });
}

/**
 * For multipart routes: the body is checked by the shared zod schema in the handler
 * (it holds Files, which JSON Schema cannot describe); params and query as usual.
 */
export const multipartValidator = <T>(route: FastifyRouteSchemaDef<T>) =>
  route.httpPart === "body"
    ? (data: unknown) => ({ value: data })
    : validatorCompiler(route as unknown as FastifyRouteSchemaDef<z.ZodType>);

/** Validates a multipart body with a shared schema; problems come back as field messages (400). */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success)
    throw new AppError("VALIDATION_FAILED", "Check the highlighted fields.", fieldErrors(parsed.error));
  return parsed.data;
}
