import { useEffect } from "react";
import { useFetcher } from "react-router";
import type { z } from "zod";
import type { ActionErrors } from "./forms.server.ts";
import { useValidatedForm } from "./use-validated-form.ts";

/**
 * A modal's form whose action saves in place and answers `{ ok: true }` (saveInPlace): posted by a fetcher,
 * checked in the browser by its schema, showing the server's refusal; `onSaved` runs once the answer is in
 * (the modal closes).
 */
export function useInPlaceForm(schema: z.ZodType, onSaved: () => void) {
  const fetcher = useFetcher<ActionErrors | { ok: true }>();
  const result = fetcher.data;
  const saved = result !== undefined && "ok" in result;
  const form = useValidatedForm(schema, saved ? null : result);
  useEffect(() => {
    if (fetcher.state === "idle" && saved) onSaved();
  }, [fetcher.state, saved, onSaved]);
  return { fetcher, form };
}
