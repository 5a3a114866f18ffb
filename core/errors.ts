/**
 * Expected outcomes the domain reports to its callers. The edges (API handlers,
 * route loaders/actions) map them to HTTP statuses and to messages on the page.
 */
export type AppErrorCode =
  | "UNAUTHENTICATED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "VALIDATION_FAILED"
  | "CONFLICT"
  | "TOO_MANY_REQUESTS"
  | "PAYMENT_DECLINED"
  /** An admin must turn two-factor on before the admin API answers (ADMIN_TWO_FACTOR=required). */
  | "TWO_FACTOR_REQUIRED"
  /** The process has more of this work waiting than it takes (password hashes): try again shortly. */
  | "BUSY";

export const HTTP_STATUS: Record<AppErrorCode, number> = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  VALIDATION_FAILED: 400,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
  PAYMENT_DECLINED: 402,
  TWO_FACTOR_REQUIRED: 403,
  BUSY: 503,
};

export class AppError extends Error {
  override name = "AppError";
  readonly code: AppErrorCode;
  readonly fields?: Record<string, string>;
  /** TOO_MANY_REQUESTS and BUSY: how long until it may be tried again (the edges send it as Retry-After). */
  readonly retryAfterMs?: number;
  constructor(code: AppErrorCode, message: string, fields?: Record<string, string>, retryAfterMs?: number) {
    super(message);
    this.code = code;
    this.fields = fields;
    this.retryAfterMs = retryAfterMs;
  }
  get status() {
    return HTTP_STATUS[this.code];
  }
}

/** A limit reached: 429, with how long until the next try may go through. */
export const tooManyRequests = (message: string, waitMs: number, fields?: Record<string, string>) =>
  new AppError("TOO_MANY_REQUESTS", message, fields, waitMs);

/** When a limit gives no wait of its own, clients are told to come back after this. */
export const DEFAULT_RETRY_AFTER_SECONDS = 60;

/** The refusals that say when to try again: a limit reached (429), a line full (503). */
export const saysWhenToRetry = (code: AppErrorCode) => code === "TOO_MANY_REQUESTS" || code === "BUSY";

/**
 * The Retry-After header (whole seconds, at least 1) every 429 and 503 carries, API and pages alike; null for
 * any other outcome.
 */
export function retryAfterHeader(error: unknown): string | null {
  if (!isAppError(error) || !saysWhenToRetry(error.code)) return null;
  const ms = error.retryAfterMs;
  return String(ms === undefined ? DEFAULT_RETRY_AFTER_SECONDS : Math.max(1, Math.ceil(ms / 1000)));
}

/**
 * Whether a thrown value is an AppError. Checked by shape, not instanceof: the
 * route modules are bundled by Vite and hold their own copy of this class.
 */
export function isAppError(error: unknown): error is AppError {
  return (
    error instanceof Error &&
    error.name === "AppError" &&
    typeof (error as AppError).code === "string" &&
    (error as AppError).code in HTTP_STATUS
  );
}
