import { Form, Link, useNavigation } from "react-router";
import { appContext } from "#app-context";
import { PASSWORD_RESET_CODE_NEXT, RECOVERY_MESSAGES, resetPasswordSchema } from "../../schemas/account-recovery.ts";
import { SIGN_IN_CODE_PATH } from "../../schemas/two-factor-labels.ts";
import { PASSWORD_RULE, PasswordField } from "../components/account-fields.tsx";
import { AccountPage } from "../components/account-page.tsx";
import { checkedForm, FormError } from "../components/form-field.tsx";
import { RouteError } from "../components/route-error.tsx";
import { appendCookies } from "../lib/cookies.ts";
import { appErrorData, parseForm, passRetryAfter } from "../lib/forms.server.ts";
import { authHeaders } from "../lib/session.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import { useValidatedForm } from "../lib/use-validated-form.ts";
import type { Route } from "./+types/reset-password";

/** A limit's 429 says when to try again (Retry-After). */
export const headers = passRetryAfter;

export const meta = () => [{ title: "Choose a new password — ReLaptop" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const works = token !== "" && (await context.get(appContext).services.accounts.recovery.resetLinkWorks(token));
  return { token: works ? token : "" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = await parseForm(request, resetPasswordSchema);
  if (parsed.error) return parsed.error;
  try {
    const result = await context
      .get(appContext)
      .services.accounts.recovery.resetPassword(parsed.value, authHeaders(request, context));
    if (!result.ok) return { linkInvalid: true as const };
    // Signed in here (or, with two-factor on, at its code); every other session of the account has ended.
    return redirectWithToast(
      context,
      result.codeNext ? SIGN_IN_CODE_PATH : "/",
      {
        type: "success",
        message: result.codeNext ? PASSWORD_RESET_CODE_NEXT : RECOVERY_MESSAGES.passwordReset,
      },
      appendCookies(new Headers(), result.headers),
    );
  } catch (error) {
    return appErrorData(error);
  }
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const linkInvalid = !loaderData.token || (actionData && "linkInvalid" in actionData);
  const form = useValidatedForm(resetPasswordSchema, actionData && !("linkInvalid" in actionData) ? actionData : null);
  const busy = useNavigation().state === "submitting";
  return (
    <AccountPage title="Choose a new password">
      {linkInvalid ? (
        <div role="alert" className="flex flex-col items-center gap-4 text-center">
          <p>{RECOVERY_MESSAGES.linkInvalid}</p>
          <Link to="/forgot-password" className="btn btn-primary">
            Send me a new link
          </Link>
        </div>
      ) : (
        <Form {...checkedForm(form)} className="flex flex-col gap-4">
          <FormError message={form.formError} />
          <input type="hidden" name="token" value={loaderData.token} />
          <PasswordField label="New password" name="newPassword" kind="new" error={form.errors.newPassword} />
          <PasswordField
            label="New password again"
            name="confirmPassword"
            kind="new"
            error={form.errors.confirmPassword}
          />
          <p className="-mt-2 text-xs text-base-content/70">{PASSWORD_RULE}</p>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            Save the new password
          </button>
        </Form>
      )}
    </AccountPage>
  );
}

export const ErrorBoundary = RouteError;
