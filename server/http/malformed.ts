import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../core/errors.ts";

/** Deeper than any body we take (a form is one level, an order two): refused before it is parsed. */
const MAX_JSON_DEPTH = 32;

/** How deeply a JSON text nests its arrays and objects, counting only brackets outside strings. */
export function jsonDepth(text: string, stopAt = MAX_JSON_DEPTH + 1): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      deepest = Math.max(deepest, ++depth);
      if (deepest >= stopAt) return deepest;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return deepest;
}

/**
 * Fastify's own JSON parser (prototype poisoning refused), behind a nesting check: a body nested
 * 100,000 deep parsed fine and then overflowed the stack of whatever walked it (a 500).
 */
export function registerJsonParser(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body: string, done) => {
    if (jsonDepth(body) > MAX_JSON_DEPTH) {
      return done(
        new AppError("VALIDATION_FAILED", `The body is nested more than ${MAX_JSON_DEPTH} levels deep.`, {
          body: "Nested too deeply",
        }),
        undefined,
      );
    }
    parse(request, body, done);
  });
}

/** Methods some route here answers (TRACE and the like reached React Router, which cannot build them: a 500). */
const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

export async function methodCheck(request: FastifyRequest, reply: FastifyReply) {
  if (!KNOWN_METHODS.has(request.method)) {
    return reply
      .status(405)
      .header("allow", [...KNOWN_METHODS].join(", "))
      .send({ code: "METHOD_NOT_ALLOWED", message: `${request.method} is not answered here.` });
  }
}

/**
 * No page address holds a NUL: `/sellers/%00` reached the database as a seller id and answered 500.
 * (The API names the field instead, in its NUL check.)
 */
export async function pagePathCheck(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split("?")[0] ?? "";
  if (/%00/.test(path)) {
    return reply.status(400).send({ code: "BAD_REQUEST", message: "The address contains a NUL character." });
  }
}
