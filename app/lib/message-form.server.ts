import { data } from "react-router";
import { isAppError } from "../../core/errors.ts";
import type { MessageFormData } from "../components/message-form.tsx";
import { refusalHeaders } from "./forms.server.ts";

/** A message refused (invalid, too many, blocked): the reason under the box, and the text given back. */
export function messageRefused(error: unknown, body: FormDataEntryValue | null) {
  if (!isAppError(error)) throw error;
  const typed = typeof body === "string" ? body : "";
  return data<MessageFormData>(
    error.fields ? { fields: error.fields, body: typed } : { formError: error.message, body: typed },
    { status: error.status, headers: refusalHeaders(error) },
  );
}

/** The form's own check failed (empty, too long): the same shape as a refusal. */
export const messageInvalid = (fields: Record<string, string>, body: FormDataEntryValue | null) =>
  data<MessageFormData>({ fields, body: typeof body === "string" ? body : "" }, { status: 400 });
