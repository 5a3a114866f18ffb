import type { z } from "zod";

/** Per-field messages: the first problem of each field, as shown under it in red. */
export type FieldErrors = Record<string, string>;

export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "form";
    out[key] ??= issue.message;
  }
  return out;
}

/**
 * Reads a form into a plain object: strings, and files for file inputs.
 * A key posted several times (a multiple file input) becomes a list.
 */
export function formToObject(form: FormData): Record<string, FormDataEntryValue | FormDataEntryValue[]> {
  const out: Record<string, FormDataEntryValue | FormDataEntryValue[]> = {};
  for (const key of new Set(form.keys())) {
    const all = form.getAll(key);
    out[key] = all.length > 1 ? all : (all[0] as FormDataEntryValue);
  }
  return out;
}
