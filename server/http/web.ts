import type { FastifyReply, FastifyRequest } from "fastify";
import type { Services } from "../services.ts";

/**
 * The request's headers as a Web Headers object, with x-forwarded-for replaced by
 * the address Fastify trusts (so a client cannot pick the address it is throttled by).
 */
export function webHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
  }
  headers.set("x-forwarded-for", request.ip);
  return headers;
}

export function webRequest(request: FastifyRequest): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const hasBody = request.method !== "GET" && request.method !== "HEAD" && request.body !== undefined;
  return new Request(url, {
    method: request.method,
    headers: webHeaders(request),
    body: hasBody ? JSON.stringify(request.body) : undefined,
  });
}

/** Copies a Web Response onto Fastify's reply, every Set-Cookie included. */
export async function sendWebResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  response.headers.forEach((value, key) => {
    if (key !== "set-cookie" && key !== "content-length") reply.header(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header("set-cookie", cookies);
  return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
}

/**
 * A route answered by better-auth itself (the identity endpoints the API exposes): the request handed over as a
 * Web Request, its Response copied back.
 */
export function forwardToAuth(services: Services) {
  return async (request: FastifyRequest, reply: FastifyReply) =>
    sendWebResponse(reply, await services.accounts.auth.handler(webRequest(request)));
}
