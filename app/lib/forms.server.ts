import { data } from "react-router";
import type { z } from "zod";
import { isAppError, retryAfterHeader } from "../../core/errors.ts";
import { fieldErrors, formToObject } from "../../schemas/form-errors.ts";
import { findNul, NUL_MESSAGE } from "../../schemas/text-safety.ts";

/**
 * A form's refusal: under its fields, or above the form; `item`: which of a page's forms alike (refusalFor);
 * `values`: what was typed, to fill the form in again (typedValues).
 */
export type ActionErrors = { fields?: Record<string, string>; formError?: string; item?: string; values?: TypedValues };

/** What a refused form had in its fields, by name (a field posted several times, as ticked boxes, a list). */
export type TypedValues = Record<string, string | string[]>;

/**
 * Fields never sent back into a page: secrets (an authenticator's key travels in `uri`), and a bank account a page
 * never shows whole.
 */
const NEVER_GIVEN_BACK = /password|secret|^code$|^token$|^uri$|^cardNumber$|^cvc$|^expiry$|^accountNumber$/i;

/**
 * What was typed into a refused form, for the page to draw its fields with again: a post without JavaScript
 * comes back as a whole new page, whose fields would otherwise be empty ("nothing typed is lost"). Text only —
 * never a file, nor a field NEVER_GIVEN_BACK names.
 */
export function typedValues(form: FormData): TypedValues {
  const out: TypedValues = {};
  for (const name of new Set(form.keys())) {
    if (NEVER_GIVEN_BACK.test(name)) continue;
    // A NUL, refused (schemas/text-safety.ts), is not drawn back into the page.
    const texts = form
      .getAll(name)
      .filter((v): v is string => typeof v === "string")
      .map((v) => v.replaceAll("\0", ""));
    if (texts.length > 0) out[name] = texts.length > 1 ? texts : (texts[0] as string);
  }
  return out;
}

/** Parses a posted form with a shared schema; invalid input comes back as field messages (400). */
export async function parseForm<S extends z.ZodType>(request: Request, schema: S) {
  return validateForm(await request.formData(), schema);
}

/** Validates an already-read form (an action that dispatches on an intent reads it once). */
export function validateForm<S extends z.ZodType>(form: FormData, schema: S) {
  const values = formToObject(form);
  const nul = findNul(values);
  const refused = (fields: Record<string, string>) =>
    data<ActionErrors>({ fields, values: typedValues(form) }, { status: 400 });
  if (nul) return { form, error: refused({ [nul]: NUL_MESSAGE }) } as const;
  const parsed = schema.safeParse(values);
  if (!parsed.success) return { form, error: refused(fieldErrors(parsed.error)) } as const;
  return { form, value: parsed.data as z.infer<S> } as const;
}

/**
 * An expected domain failure shown on the form: under its fields when it names them, else above the form; with
 * the posted `form`, what was typed in it comes back too, to fill the form in again.
 */
export function appErrorData(error: unknown, form?: FormData) {
  if (!isAppError(error)) throw error;
  const refusal: ActionErrors = error.fields ? { fields: error.fields } : { formError: error.message };
  return data<ActionErrors>(form ? { ...refusal, values: typedValues(form) } : refusal, {
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
