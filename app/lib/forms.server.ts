import { data } from "react-router";
import type { z } from "zod";
import { isAppError, retryAfterHeader } from "../../core/errors.ts";
import { fieldErrors, formToObject } from "../../schemas/form-errors.ts";
import { findNul, NUL_MESSAGE } from "../../schemas/text-safety.ts";

/** A form's refusal: under its fields, or above the form; `item`: which of a page's forms alike (refusalFor). */
export type ActionErrors = { fields?: Record<string, string>; formError?: string; item?: string };

/** Parses a posted form with a shared schema; invalid input comes back as field messages (400). */
export async function parseForm<S extends z.ZodType>(request: Request, schema: S) {
  return validateForm(await request.formData(), schema);
}

/** Validates an already-read form (an action that dispatches on an intent reads it once). */
export function validateForm<S extends z.ZodType>(form: FormData, schema: S) {
  const values = formToObject(form);
  const nul = findNul(values);
  if (nul) return { form, error: data<ActionErrors>({ fields: { [nul]: NUL_MESSAGE } }, { status: 400 }) } as const;
  const parsed = schema.safeParse(values);
  if (!parsed.success) {
    return { form, error: data<ActionErrors>({ fields: fieldErrors(parsed.error) }, { status: 400 }) } as const;
  }
  return { form, value: parsed.data as z.infer<S> } as const;
}

/** An expected domain failure shown on the form: under its fields when it names them, else above the form. */
export function appErrorData(error: unknown) {
  if (!isAppError(error)) throw error;
  return data<ActionErrors>(error.fields ? { fields: error.fields } : { formError: error.message }, {
    status: error.status,
    headers: refusalHeaders(error),
  });
}

/**
 * The refusal of one of a page's forms alike (each dispute's decision, each review's answer), naming the item it
 * was posted for. With JavaScript each form posts through its own fetcher and reads its answer there; without, the
 * browser posts it as the page, and this is how the page's answer finds its form again (use-form-answer.ts).
 */
export function refusalFor(item: string, refusal: ReturnType<typeof data<ActionErrors>>) {
  return data<ActionErrors>({ ...refusal.data, item }, refusal.init ?? undefined);
}

/** A limit's refusal (429) or a full line's (503) says when to try again, as the API's does: Retry-After, else no headers. */
export function refusalHeaders(error: unknown): Record<string, string> | undefined {
  const retryAfter = retryAfterHeader(error);
  return retryAfter ? { "Retry-After": retryAfter } : undefined;
}

/**
 * The `headers` export of a route whose forms a limit (429) or the password hashes' full line (503) may refuse:
 * React Router sends an action's headers only through it, so this passes their Retry-After on
 * (server/http/errors.ts adds a default to any 429 left without one, app/entry.server.tsx to any 503).
 */
export function passRetryAfter({ actionHeaders }: { actionHeaders: Headers }): Record<string, string> {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : {};
}
