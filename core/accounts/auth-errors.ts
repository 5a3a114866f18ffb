import { APIError } from "better-auth/api";
import { AppError, type AppErrorCode, saysWhenToRetry } from "../errors.ts";

const STATUS_CODES: Record<number, AppErrorCode> = {
  400: "VALIDATION_FAILED",
  401: "UNAUTHENTICATED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  422: "CONFLICT",
  429: "TOO_MANY_REQUESTS",
  503: "BUSY",
};

/** Turns the identity provider's errors into our AppError, keeping its message for the user. */
export async function call<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    const body = (error.body ?? {}) as { message?: string; fields?: Record<string, string> };
    const code = STATUS_CODES[error.statusCode] ?? "VALIDATION_FAILED";
    // A limit's wait (our hooks' 429s and the hashes' 503 say it in Retry-After) goes on to the page's answer.
    const retryAfter = Number(new Headers(error.headers).get("retry-after"));
    const waitMs = saysWhenToRetry(code) && retryAfter > 0 ? retryAfter * 1000 : undefined;
    throw new AppError(code, body.message || error.message, body.fields, waitMs);
  }
}
