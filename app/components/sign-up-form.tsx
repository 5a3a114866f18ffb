import { Form, useNavigation } from "react-router";
import { signUpSchema } from "../../schemas/accounts.ts";
import { FAVOURITE_MESSAGES } from "../../schemas/favourite-labels.ts";
import type { ActionErrors } from "../lib/forms.server.ts";
import { useValidatedForm } from "../lib/use-validated-form.ts";
import { FormError, TextField } from "./form-field.tsx";

export function SignUpForm({
  result,
  redirectTo,
  favourite,
  submitLabel,
}: {
  result?: ActionErrors;
  redirectTo: string;
  /** A laptop whose heart a visitor pressed: saved to the new account's favourites. */
  favourite?: string | null;
  submitLabel: string;
}) {
  const form = useValidatedForm(signUpSchema, result);
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" noValidate onSubmit={form.onSubmit} className="flex flex-col gap-4">
      <FormError message={form.formError} />
      {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
      {favourite && (
        <>
          <input type="hidden" name="favourite" value={favourite} />
          <p className="alert alert-info" role="status">
            {FAVOURITE_MESSAGES.signUpToSave}
          </p>
        </>
      )}
      <TextField label="Name" name="name" autoComplete="name" error={form.errors.name} />
      <TextField label="Email" name="email" type="email" autoComplete="email" error={form.errors.email} />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        error={form.errors.password}
        hint={'At least 6 characters, with a lowercase and an uppercase letter, a digit and one of ! # $ % & ? "'}
      />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {submitLabel}
      </button>
    </Form>
  );
}
