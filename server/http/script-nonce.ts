import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { FastifyReply } from "fastify";

/**
 * Each response's CSP nonce for its inline scripts, kept on the raw response: helmet builds the header
 * from the raw response, the pages and the visitors' cache from the reply.
 */
type NonceCarrier = { scriptNonce: string };

/**
 * 16 bytes of the CSPRNG per response, drawn 256 responses' worth at a time (as Node's randomUUID does):
 * a randomBytes call per response was 3 % of the CPU of a small API answer. Each nonce is used once.
 */
const NONCE_BYTES = 16;
const POOL_BYTES = NONCE_BYTES * 256;
let pool = Buffer.alloc(0);
let taken = 0;

function nextNonce(): string {
  if (taken >= pool.length) {
    pool = randomBytes(POOL_BYTES);
    taken = 0;
  }
  taken += NONCE_BYTES;
  return pool.toString("base64", taken - NONCE_BYTES, taken);
}

export function newScriptNonce(reply: FastifyReply) {
  (reply.raw as unknown as NonceCarrier).scriptNonce = nextNonce();
}

export const scriptNonceOf = (response: FastifyReply | ServerResponse): string =>
  (("raw" in response ? response.raw : response) as unknown as NonceCarrier).scriptNonce;
