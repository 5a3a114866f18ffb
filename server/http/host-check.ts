import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * A Host header that is not a host name is refused with 400, as HTTP/1.1 requires, before anything
 * builds a URL from it (the pages do: it answered 500 when sqlmap put SQL there).
 */
export async function hostCheck(request: FastifyRequest, reply: FastifyReply) {
  const host = request.headers.host;
  if (host !== undefined && !URL.canParse(`http://${host}/`)) {
    return reply.status(400).send({ code: "BAD_REQUEST", message: "The Host header is not a host name." });
  }
}
