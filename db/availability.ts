import { UNAVAILABLE_MESSAGE } from "../schemas/messages.ts";

/** What the API and the pages say while the database is away (one source: schemas/messages.ts). */
export { UNAVAILABLE_MESSAGE };
/** Seconds a client should wait before trying again (Retry-After). */
export const RETRY_AFTER_SECONDS = 5;

/** Connection refused, reset or cut by a restarting server: the database is away, not the request wrong. */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "57P01",
  "57P02",
  "57P03",
  "08000",
  "08001",
  "08003",
  "08006",
]);

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown; message?: string } | undefined; e; e = e.cause as typeof e) {
    if (e.code && UNAVAILABLE_CODES.has(e.code)) return true;
    if (/Connection terminated|timeout exceeded when trying to connect/i.test(e.message ?? "")) return true;
  }
  return false;
}
