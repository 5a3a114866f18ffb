import { type Readable, Transform } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../core/errors.ts";

/** Deeper than any body we take (a form is one level, a Stripe event about six). */
export const MAX_JSON_DEPTH = 32;

/**
 * Follows how deeply a JSON text nests its arrays and objects, chunk by chunk, counting only brackets
 * outside strings; returns the deepest level so far. Bytes will do: every character that matters is ASCII,
 * and no byte of a multi-byte UTF-8 character is.
 */
export function depthTracker() {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  let escaped = false;
  return (chunk: Uint8Array) => {
    for (const c of chunk) {
      if (inString) {
        if (escaped) escaped = false;
        else if (c === 0x5c) escaped = true;
        else if (c === 0x22) inString = false;
      } else if (c === 0x22) inString = true;
      else if (c === 0x7b || c === 0x5b) deepest = Math.max(deepest, ++depth);
      else if (c === 0x7d || c === 0x5d) depth--;
    }
    return deepest;
  };
}

/**
 * JSON bodies are read through a nesting check before any parser sees them: a body nested 100,000 deep
 * parsed fine and then overflowed the stack of whatever walked it (a 500).
 */
export async function limitJsonDepth(request: FastifyRequest, _reply: FastifyReply, payload: Readable) {
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(request.headers["content-type"] ?? "")) return payload;
  const track = depthTracker();
  let received = 0;
  const limited = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      limited.receivedEncodedLength = received;
      if (track(chunk) > MAX_JSON_DEPTH) {
        return done(
          new AppError("VALIDATION_FAILED", `The body is nested more than ${MAX_JSON_DEPTH} levels deep.`, {
            body: "Nested too deeply",
          }),
        );
      }
      done(null, chunk);
    },
  }) as Transform & { receivedEncodedLength: number };
  payload.on("error", (error) => limited.destroy(error));
  return payload.pipe(limited);
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
