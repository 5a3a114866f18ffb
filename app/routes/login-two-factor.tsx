import { data, Form, Link, redirect, useNavigation } from "react-router";
import { appContext } from "#app-context";
import { isAppError } from "../../core/errors.ts";
import { MESSAGES } from "../../schemas/messages.ts";
import { SIGN_IN_CODE_PATH, signInCodeSchema, TRUST_BROWSER_LABEL } from "../../schemas/two-factor.ts";
import { AccountPage, BackToLogin } from "../components/account-page.tsx";
import { AuthenticationCodeField } from "../components/authentication-code-field.tsx";
import { checkedForm, FormError, TextField } from "../components/form-field.tsx";
import { RouteError } from "../components/route-error.tsx";
import { appendCookies } from "../lib/cookies.ts";
import { type ActionErrors, appErrorData, passRetryAfter, refusalHeaders, validateForm } from "../lib/forms.server.ts";
import { pendingFavourite, saveOnArrival } from "../lib/pending-favourite.server.ts";
import { authHeaders, getUser, safeRedirect } from "../lib/session.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import { busySubmit } from "../lib/use-focus-landing.ts";
import { useValidatedForm } from "../lib/use-validated-form.ts";
import type { Route } from "./+types/login-two-factor";

export const meta = () => [{ title: "Authentication code — ReLaptop" }];

/**
 * The sign-in's second step, after a right password for an account with two-factor on (routes/login.tsx
 * sends them here with the challenge's cookie): the authenticator's code, or a backup code instead
 * (`?backup`, a plain link, so it works without JavaScript). Signed in already, they go on.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const redirectTo = safeRedirect(context, query.get("redirectTo"));
  if (await getUser(request, context)) throw redirect(redirectTo);
  return { redirectTo, favourite: pendingFavourite(query.get("favourite")), backup: query.has("backup") };
}

// Wrong codes count with wrong passwords: a refusal says when to try again.
export const headers = passRetryAfter;

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = validateForm(await request.formData(), signInCodeSchema);
  if (parsed.error) return parsed.error;
  const { services } = context.get(appContext);
  try {
    const { headers, user } = await services.accounts.twoFactor.verifySignInCode(
      parsed.value,
      authHeaders(request, context),
    );
    await saveOnArrival(context, user, pendingFavourite(parsed.form.get("favourite")));
    return redirectWithToast(
      context,
      safeRedirect(context, parsed.form.get("redirectTo")),
      { type: "success", message: MESSAGES.toast.loggedIn },
      appendCookies(new Headers(), headers),
    );
  } catch (error) {
    // The challenge is gone (timed out, or too many wrong codes for it): the password again.
    if (isAppError(error) && error.code === "UNAUTHENTICATED") {
      return data<ActionErrors & { expired: true }>(
        { formError: error.message, expired: true },
        { status: 401, headers: refusalHeaders(error) },
      );
    }
    return appErrorData(error);
  }
}

export default function SignInCode({ loaderData, actionData }: Route.ComponentProps) {
  const form = useValidatedForm(signInCodeSchema, actionData);
  const busy = useNavigation().state === "submitting";
  const { backup, redirectTo, favourite } = loaderData;
  const expired = Boolean(actionData && "expired" in actionData);
  const here = new URLSearchParams({ redirectTo, ...(favourite && { favourite }) });
  return (
    <AccountPage
      title="Two-factor authentication"
      intro={
        backup
          ? "Enter one of the backup codes you saved when you turned on two-factor. Each works once."
          : "Enter the 6-digit code your authenticator app shows for ReLaptop."
      }
    >
      <Form {...checkedForm(form)} className="flex flex-col gap-4">
        <FormError message={form.formError} />
        {expired && (
          <Link to={`/login?${new URLSearchParams({ redirectTo })}`} className="btn btn-outline">
            Log in again
          </Link>
        )}
        <input type="hidden" name="method" value={backup ? "backup" : "totp"} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {favourite && <input type="hidden" name="favourite" value={favourite} />}
        {backup ? (
          <TextField
            key="backup"
            label="Backup code"
            name="code"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            error={form.errors.code}
          />
        ) : (
          <AuthenticationCodeField key="totp" error={form.errors.code} />
        )}
        <label className="flex min-h-6 items-center gap-2 text-sm">
          <input type="checkbox" name="trustBrowser" value="true" className="checkbox checkbox-sm" />
          <span>{TRUST_BROWSER_LABEL}</span>
        </label>
        <button type="submit" className="btn btn-primary" {...busySubmit(busy)}>
          Verify
        </button>
      </Form>
      <p className="mt-4 text-center text-sm">
        {backup ? (
          <Link to={`${SIGN_IN_CODE_PATH}?${here}`} className="link link-primary inline-block py-1">
            Use your authenticator app instead
          </Link>
        ) : (
          <Link to={`${SIGN_IN_CODE_PATH}?${here}&backup`} className="link link-primary inline-block py-1">
            Use a backup code instead
          </Link>
        )}
      </p>
      <BackToLogin />
    </AccountPage>
  );
}

export const ErrorBoundary = RouteError;
