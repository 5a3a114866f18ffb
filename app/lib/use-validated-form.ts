import { useEffect, useRef, useState } from "react";
import type { z } from "zod";
import { type FieldErrors, fieldErrors, formToObject } from "../../schemas/form-errors.ts";
import { announce, withdraw } from "./announce.ts";

/** What a screen reader hears after a refused submit, while focus goes to the first field to fix. */
export const errorCountMessage = (count: number) =>
  count === 1 ? "1 field needs your attention." : `${count} fields need your attention.`;

/** The form's error message, made focusable (it is not a control). */
function focusableAlert(form: HTMLFormElement): HTMLElement | null {
  const alert = form.querySelector<HTMLElement>('[role="alert"]');
  if (alert && !alert.hasAttribute("tabindex")) alert.setAttribute("tabindex", "-1");
  return alert;
}

/**
 * Validates a form in the browser with the same zod schema the server uses,
 * and shows the server's answer (field messages, or one form-level message) when it comes back.
 * After a refused submit (in the browser or by the server) focus moves to the first field marked invalid and
 * the number of fields to fix is announced; focus would otherwise stay on the submit button, far from them.
 * That count is taken back once nothing is left to fix, or the form goes: it must not outlive the refusal.
 *
 * Between submits the messages follow the fields: once a submit was refused, a field's message goes as soon
 * as what is typed in it is valid (`onChange`), and a field left invalid shows its message when focus leaves
 * it (`onBlur`). Before the first submit nothing is said while someone is still typing.
 */
export function useValidatedForm(schema: z.ZodType, server?: { fields?: FieldErrors; formError?: string } | null) {
  const [errors, setErrors] = useState<FieldErrors>(server?.fields ?? {});
  const submitted = useRef<HTMLFormElement | null>(null);
  const [refusal, setRefusal] = useState(0);
  /** The count last announced, while it still stands. */
  const said = useRef<string | null>(null);
  useEffect(() => {
    setErrors(server?.fields ?? {});
    if (server?.fields && Object.keys(server.fields).length > 0) setRefusal((n) => n + 1);
  }, [server]);

  // At each refusal only: the messages changing as fields are corrected must not pull focus from the one typed in.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `errors` is read as the refusal left it
  useEffect(() => {
    const form = submitted.current;
    if (refusal === 0 || !form) return;
    const count = Object.keys(errors).length;
    if (count === 0) return;
    // A field to fix, else the message of an error no field carries (a declined card).
    (form.querySelector<HTMLElement>('[aria-invalid="true"]') ?? focusableAlert(form))?.focus();
    said.current = errorCountMessage(count);
    announce(said.current);
  }, [refusal]);

  // A refusal of the whole form (a declined card, a wrong password): focus goes to its message, which the
  // submit button — disabled while it was sent — could not keep.
  useEffect(() => {
    const form = submitted.current;
    if (server?.formError && form) focusableAlert(form)?.focus();
  }, [server]);

  // Nothing left to fix (the submit went through, or the page answered with its success): the count is stale.
  useEffect(() => {
    if (Object.keys(errors).length > 0 || !said.current) return;
    withdraw(said.current);
    said.current = null;
  }, [errors]);
  // The form is gone (signed up and on the next page): the live region outlives it, the count must not.
  useEffect(
    () => () => {
      if (said.current) withdraw(said.current);
    },
    [],
  );

  /** The message the schema has for one field of the form as it stands now (undefined: the field is valid). */
  const messageFor = (form: HTMLFormElement, name: string) => {
    const parsed = schema.safeParse(formToObject(new FormData(form)));
    return parsed.success ? undefined : fieldErrors(parsed.error)[name];
  };
  /** After a refused submit: the field's message as the schema now has it (`show`: a new one too). */
  const recheck = (event: React.SyntheticEvent<HTMLFormElement>, show: boolean) => {
    const name = (event.target as Partial<HTMLInputElement>).name;
    if (!submitted.current || !name) return;
    const message = messageFor(event.currentTarget, name);
    setErrors((now) => {
      if (message === now[name] || (!show && message !== undefined)) return now;
      const { [name]: _gone, ...rest } = now;
      return message === undefined ? rest : { ...rest, [name]: message };
    });
  };

  return {
    errors,
    formError: server?.formError,
    onChange: (event: React.FormEvent<HTMLFormElement>) => recheck(event, false),
    onBlur: (event: React.FocusEvent<HTMLFormElement>) => recheck(event, true),
    onSubmit(event: React.FormEvent<HTMLFormElement>) {
      submitted.current = event.currentTarget;
      const parsed = schema.safeParse(formToObject(new FormData(event.currentTarget)));
      if (parsed.success) {
        setErrors({});
        return;
      }
      event.preventDefault();
      setErrors(fieldErrors(parsed.error));
      setRefusal((n) => n + 1);
    },
  };
}
