import { Form, useNavigation } from "react-router";
import { appContext } from "#app-context";
import { forgotPasswordSchema, RECOVERY_MESSAGES } from "../../schemas/account-recovery.ts";
import { EmailField } from "../components/account-fields.tsx";
import { AccountPage, BackToLogin } from "../components/account-page.tsx";
import { checkedForm, FormError } from "../components/form-field.tsx";
import { RouteError } from "../components/route-error.tsx";
import { appErrorData, parseForm, passRetryAfter } from "../lib/forms.server.ts";
import { authHeaders } from "../lib/session.server.ts";
import { busySubmit } from "../lib/use-focus-landing.ts";
import { useValidatedForm } from "../lib/use-validated-form.ts";
import type { Route } from "./+types/forgot-password";

/** A limit's 429 says when to try again (Retry-After). */
export const headers = passRetryAfter;

export const meta = () => [{ title: "Forgot password — ReLaptop" }];

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = await parseForm(request, forgotPasswordSchema);
  if (parsed.error) return parsed.error;
  try {
    // The same answer, in the same time, whether the account exists or not (core/accounts/auth.ts).
    await context
      .get(appContext)
      .services.accounts.recovery.requestPasswordReset(parsed.value.email, authHeaders(request, context));
    return { sent: true as const };
  } catch (error) {
    return appErrorData(error, parsed.form);
  }
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const sent = actionData && "sent" in actionData;
  const form = useValidatedForm(forgotPasswordSchema, sent ? null : actionData);
  const busy = useNavigation().state === "submitting";
  return (
    <AccountPage
      title="Forgot password"
      intro="Give the email of your account: we will send you a link to choose a new password."
    >
      {sent && (
        <div role="status" className="alert alert-success mb-4">
          {RECOVERY_MESSAGES.linkSent}
        </div>
      )}
      <Form {...checkedForm(form)} className="flex flex-col gap-4">
        <FormError message={form.formError} />
        <EmailField error={form.errors.email} />
        <button type="submit" className="btn btn-primary" {...busySubmit(busy)}>
          Send me a link
        </button>
      </Form>
      <BackToLogin />
    </AccountPage>
  );
}

export const ErrorBoundary = RouteError;
