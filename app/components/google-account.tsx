import { Form, useFetcher } from "react-router";
import { googleUnlinkSchema } from "../../schemas/accounts.ts";
import type { ActionErrors } from "../lib/forms.server.ts";
import { busySubmit, useFocusLanding } from "../lib/use-focus-landing.ts";
import { useValidatedForm } from "../lib/use-validated-form.ts";
import { PasswordField } from "./account-fields.tsx";
import { checkedForm, FormError } from "./form-field.tsx";

/**
 * The profile's "Google": whether a Google account signs in to this one, "Link a Google account" (to Google's
 * page and back, routes/account-google.tsx) and "Unlink Google" with the password. Shown when Google sign-in is
 * set up, or when a Google account is linked (unlinking it needs no Google).
 */
export function GoogleAccountSection({
  email,
  linked,
  enabled,
  hasPassword,
}: {
  email: string;
  linked: boolean;
  enabled: boolean;
  hasPassword: boolean;
}) {
  const fetcher = useFetcher<ActionErrors & { ok?: "unlinked" }>();
  const form = useValidatedForm(googleUnlinkSchema, fetcher.data && "ok" in fetcher.data ? null : fetcher.data);
  // Unlinked, the form with the focused button goes: focus lands on the section's heading instead of the page.
  const heading = useFocusLanding<HTMLHeadingElement>(linked);
  if (!linked && !enabled) return null;
  return (
    <section aria-labelledby="google-heading" className="flex flex-col gap-3">
      <h2 id="google-heading" ref={heading} className="text-xl font-semibold">
        Google
      </h2>
      {linked ? (
        <>
          <p>Your Google account is linked: “Continue with Google” signs you in.</p>
          {hasPassword ? (
            <fetcher.Form
              {...checkedForm(form)}
              action="/account/google"
              className="flex flex-col gap-3"
              aria-label="Unlink Google"
            >
              <FormError message={form.formError} />
              <input type="hidden" name="intent" value="unlink" />
              <PasswordField label="Your password" name="password" kind="current" error={form.errors.password} />
              <button type="submit" className="btn btn-outline self-start" {...busySubmit(fetcher.state !== "idle")}>
                Unlink Google
              </button>
            </fetcher.Form>
          ) : (
            <p>Google is how you sign in: to unlink it, set a password first (above).</p>
          )}
        </>
      ) : (
        <Form method="post" action="/account/google" className="flex flex-col items-start gap-3">
          <p>
            Link the Google account of {email} to sign in with “Continue with Google”. Google asks you to sign in there,
            then brings you back here.
          </p>
          <input type="hidden" name="intent" value="link" />
          <button type="submit" className="btn btn-outline">
            Link a Google account
          </button>
        </Form>
      )}
    </section>
  );
}
