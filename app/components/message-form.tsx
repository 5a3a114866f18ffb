import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import type { ActionErrors } from "../lib/forms.server.ts";
import { FormError, TextAreaField } from "./form-field.tsx";

const boxOf = (form: HTMLFormElement | null) => form?.elements.namedItem("body") as HTMLTextAreaElement | null;

/**
 * The "Message" box and Send: a plain form post that redirects back (works without JavaScript). A refusal
 * shows under the box, keeps the text and moves focus to it; after a message is sent the box is empty again,
 * with focus in it for the next one. A message from the other side (live) leaves what is being typed alone.
 */
export function MessageForm({
  result,
  hidden,
  disabled,
}: {
  result?: ActionErrors;
  hidden?: Record<string, string>;
  disabled?: boolean;
}) {
  const ref = useRef<HTMLFormElement>(null);
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const error = result?.fields?.body;
  useEffect(() => {
    if (error) boxOf(ref.current)?.focus();
  }, [error]);
  // Sent: once the page has its new message, the box is emptied and keeps focus (a refusal keeps the text).
  const sent = useRef(false);
  useEffect(() => {
    if (navigation.state === "submitting" && navigation.formData?.get("intent") === "send") sent.current = true;
    if (navigation.state !== "idle" || !sent.current) return;
    sent.current = false;
    if (error || result?.formError) return;
    ref.current?.reset();
    boxOf(ref.current)?.focus();
  }, [navigation.state, navigation.formData, error, result?.formError]);
  return (
    <Form ref={ref} method="post" preventScrollReset className="flex flex-col gap-2">
      <FormError message={result?.formError} />
      <input type="hidden" name="intent" value="send" />
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <TextAreaField label="Message" name="body" error={error} />
      <div>
        <button type="submit" className="btn btn-primary" disabled={disabled || sending}>
          Send
        </button>
      </div>
    </Form>
  );
}
