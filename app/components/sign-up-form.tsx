import { Form, Link, useNavigation } from "react-router";
import { signUpSchema } from "../../schemas/accounts.ts";
import { FAVOURITE_MESSAGES } from "../../schemas/favourite-labels.ts";
import type { ShownReason } from "../../schemas/login-reasons.ts";
import { otherWayIn } from "../lib/account-links.ts";
import type { ActionErrors } from "../lib/forms.server.ts";
import { useValidatedForm } from "../lib/use-validated-form.ts";
import { EmailField, PASSWORD_RULE, PasswordField } from "./account-fields.tsx";
import { AccountPage, AccountPageLink } from "./account-page.tsx";
import { checkedForm, FormError, TextField } from "./form-field.tsx";
import { GoogleOption } from "./google-button.tsx";

function SignUpForm({
  result,
  redirectTo,
  favourite,
  reason,
  submitLabel,
}: {
  result?: ActionErrors;
  redirectTo: string;
  /** Why a visitor came: "Sign up to book Dell XPS 13 9315". */
  reason?: string | null;
  /** A laptop whose heart a visitor pressed: saved to the new account's favourites. */
  favourite?: string | null;
  submitLabel: string;
}) {
  const form = useValidatedForm(signUpSchema, result);
  const busy = useNavigation().state === "submitting";
  return (
    <Form {...checkedForm(form)} className="flex flex-col gap-4">
      <FormError message={form.formError} />
      {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
      {reason && (
        <p className="alert alert-info" role="status">
          {reason}
        </p>
      )}
      {favourite && (
        <>
          <input type="hidden" name="favourite" value={favourite} />
          <p className="alert alert-info" role="status">
            {FAVOURITE_MESSAGES.signUpToSave}
          </p>
        </>
      )}
      <TextField label="Name" name="name" autoComplete="name" error={form.errors.name} />
      <EmailField error={form.errors.email} />
      <PasswordField kind="new" error={form.errors.password} hint={PASSWORD_RULE} />
      <p className="text-sm">
        By creating an account you agree to the{" "}
        <Link to="/terms" className="link">
          Terms
        </Link>
        . How we use your data:{" "}
        <Link to="/privacy" className="link">
          Privacy policy
        </Link>
        .
      </p>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {submitLabel}
      </button>
    </Form>
  );
}

/** What the two sign-up pages say: a buyer's (Sign Up) and a seller's (Make You Seller!). */
const PAGES = {
  user: { title: "Sign Up", submitLabel: "Sign Up", loginPrompt: "Already have an account?" },
  seller: { title: "Make You Seller!", submitLabel: "Register as Seller", loginPrompt: "Already selling with us?" },
} as const;

/**
 * Sign-up and seller sign-up (the loader's and action's halves are in app/lib/sign-up.server.ts): the form, and
 * the way to log in instead, carrying where the person was going; a buyer's sign-up offers Google as well.
 */
export function SignUpPage({
  as,
  page,
  result,
}: {
  as: "user" | "seller";
  page: { redirectTo: string; favourite: string | null; reason: ShownReason | null; googleEnabled: boolean };
  result?: ActionErrors;
}) {
  const { title, submitLabel, loginPrompt } = PAGES[as];
  return (
    <AccountPage title={title}>
      <SignUpForm
        result={result}
        redirectTo={page.redirectTo}
        favourite={page.favourite}
        reason={page.reason?.signUp}
        submitLabel={submitLabel}
      />
      <GoogleOption
        enabled={as === "user" && page.googleEnabled}
        redirectTo={page.redirectTo || "/"}
        favourite={page.favourite}
        reason={page.reason}
      />
      <AccountPageLink prompt={loginPrompt} to={otherWayIn("/login", page)}>
        Login
      </AccountPageLink>
    </AccountPage>
  );
}
