import { useEffect, useState } from "react";
import type { z } from "zod";
import { type FieldErrors, fieldErrors, formToObject } from "../../schemas/form-errors.ts";

/**
 * Validates a form in the browser with the same zod schema the server uses,
 * and shows the server's answer (field messages, or one form-level message) when it comes back.
 */
export function useValidatedForm(schema: z.ZodType, server?: { fields?: FieldErrors; formError?: string } | null) {
  const [errors, setErrors] = useState<FieldErrors>(server?.fields ?? {});
  useEffect(() => setErrors(server?.fields ?? {}), [server]);
  return {
    errors,
    formError: server?.formError,
    onSubmit(event: React.FormEvent<HTMLFormElement>) {
      const parsed = schema.safeParse(formToObject(new FormData(event.currentTarget)));
      if (parsed.success) {
        setErrors({});
        return;
      }
      event.preventDefault();
      setErrors(fieldErrors(parsed.error));
    },
  };
}
