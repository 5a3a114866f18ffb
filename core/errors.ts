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
  | "PAYMENT_DECLINED";

export const HTTP_STATUS: Record<AppErrorCode, number> = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  VALIDATION_FAILED: 400,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
  PAYMENT_DECLINED: 402,
};

export class AppError extends Error {
  override name = "AppError";
  readonly code: AppErrorCode;
  readonly fields?: Record<string, string>;
  constructor(code: AppErrorCode, message: string, fields?: Record<string, string>) {
    super(message);
    this.code = code;
    this.fields = fields;
  }
  get status() {
    return HTTP_STATUS[this.code];
  }
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
