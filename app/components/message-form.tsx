import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { FormError, TextAreaField } from "./form-field.tsx";

export interface MessageFormData {
  fields?: Record<string, string>;
  formError?: string;
  /** What was typed, given back so that a refused message stays in the box (also without JavaScript). */
  body?: string;
}

/**
 * The "Message" box and Send: a plain form post that redirects back (works without JavaScript). A refusal
 * shows under the box, keeps the text and moves focus to it; after a message is sent the box is empty
 * again (its parent gives it a new `key`).
 */
export function MessageForm({
  result,
  hidden,
  disabled,
}: {
  result?: MessageFormData;
  hidden?: Record<string, string>;
  disabled?: boolean;
}) {
  const ref = useRef<HTMLFormElement>(null);
  const sending = useNavigation().state === "submitting";
  const error = result?.fields?.body;
  useEffect(() => {
    if (error) (ref.current?.elements.namedItem("body") as HTMLTextAreaElement | null)?.focus();
  }, [error]);
  return (
    <Form ref={ref} method="post" preventScrollReset className="flex flex-col gap-2">
      <FormError message={result?.formError} />
      <input type="hidden" name="intent" value="send" />
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <TextAreaField label="Message" name="body" error={error} defaultValue={result?.body} />
      <div>
        <button type="submit" className="btn btn-primary" disabled={disabled || sending}>
          Send
        </button>
      </div>
    </Form>
  );
}
