import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import type { FastifyRouteSchemaDef } from "fastify/types/schema.js";
import { validatorCompiler } from "fastify-type-provider-zod";
import { z } from "zod";
import { IMAGE_LIMITS } from "../../core/media/images.ts";

/** Multipart bodies for the API: fields as strings, files as Files (what the shared schemas expect). */
export async function registerMultipart(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { fileSize: IMAGE_LIMITS.maxBytes, files: 6, fields: 40 },
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

/** An image field in the OpenAPI document (validated by the domain, not by JSON Schema). */
export const binaryField = (description: string) =>
  z.any().meta({ type: "string", format: "binary", description }) as z.ZodType<unknown>;

/**
 * For multipart routes: the body is checked by the shared zod schema in the handler
 * (it holds Files, which JSON Schema cannot describe); params and query as usual.
 */
export const multipartValidator = <T>(route: FastifyRouteSchemaDef<T>) =>
  route.httpPart === "body"
    ? (data: unknown) => ({ value: data })
    : validatorCompiler(route as unknown as FastifyRouteSchemaDef<z.ZodType>);
