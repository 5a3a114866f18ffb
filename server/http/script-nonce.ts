import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { FastifyReply } from "fastify";

/**
 * Each response's CSP nonce for its inline scripts, kept on the raw response: helmet builds the header
 * from the raw response, the pages and the visitors' cache from the reply.
 */
type NonceCarrier = { scriptNonce: string };

export function newScriptNonce(reply: FastifyReply) {
  (reply.raw as unknown as NonceCarrier).scriptNonce = randomBytes(16).toString("base64");
}

export const scriptNonceOf = (response: FastifyReply | ServerResponse): string =>
  (("raw" in response ? response.raw : response) as unknown as NonceCarrier).scriptNonce;
