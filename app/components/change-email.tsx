import { useFetcher } from "react-router";
import { emailChangeSchema } from "../../schemas/accounts.ts";
import type { ActionErrors } from "../lib/forms.server.ts";
import { FormItem } from "../lib/typed-values.ts";
import { useFormAnswer } from "../lib/use-form-answer.ts";
import { useValidatedForm } from "../lib/use-validated-form.ts";
import { YourPasswordField } from "./account-fields.tsx";
import { checkedForm, FormError, TextField } from "./form-field.tsx";

/** The item the profile's answers to "Change email" name (refusalFor), so that only this section shows them. */
export const CHANGE_EMAIL = "change-email";

/**
 * The profile's "Change email": the new address and the password (an account without one, signed in with
 * Google, must have signed in lately instead, and is told so). Posts to the profile (intent `email`) with a
 * fetcher of its own, so a refusal shows under its field and the page keeps its other forms as they are; without
 * JavaScript the page's answer names this section, which shows the refusal with the address typed. The address
 * changes only when the link sent to it is followed.
 */
export function ChangeEmailSection({ email, hasPassword }: { email: string; hasPassword: boolean }) {
  const fetcher = useFetcher<ActionErrors & { sent?: string }>();
  const answer = useFormAnswer(fetcher, CHANGE_EMAIL);
  const form = useValidatedForm(emailChangeSchema, answer && "sent" in answer ? null : answer);
  const sent = fetcher.state === "idle" ? answer?.sent : undefined;
  return (
    <section aria-labelledby="change-email-heading" className="flex flex-col gap-3">
      <h2 id="change-email-heading" className="text-xl font-semibold">
        Change email
      </h2>
      <p>
        Your email address is {email}. We send a link to the new address; it changes when you follow the link, within 24
        hours. Your current address is told about it.
      </p>
      <FormItem value={CHANGE_EMAIL}>
        <fetcher.Form {...checkedForm(form)} action="/profile" className="flex flex-col gap-3">
          <input type="hidden" name="intent" value="email" />
          <FormError message={form.formError} />
          <TextField
            label="New email address"
            name="email"
            type="email"
            autoComplete="email"
            error={form.errors.email}
          />
          <YourPasswordField hasPassword={hasPassword} error={form.errors.password} />
          <button type="submit" className="btn btn-primary self-start" disabled={fetcher.state !== "idle"}>
            Send the link
          </button>
          {sent && (
            <p role="status" className="alert alert-success">
              Link sent to {sent}. Follow it to finish the change.
            </p>
          )}
        </fetcher.Form>
      </FormItem>
    </section>
  );
}
