import { data, Form, Link, redirect, useNavigation } from "react-router";
import { appContext } from "#app-context";
import { isAppError } from "../../core/errors.ts";
import { GOOGLE_UNLINKED_CODE, loginSchema, SIGN_IN_WAYS_MESSAGES } from "../../schemas/accounts.ts";
import { FAVOURITE_MESSAGES } from "../../schemas/favourite-labels.ts";
import { MESSAGES } from "../../schemas/messages.ts";
import { PASSKEY_MESSAGES } from "../../schemas/passkeys.ts";
import { TWO_FACTOR_PATH } from "../../schemas/two-factor-labels.ts";
import { EmailField, PasswordField } from "../components/account-fields.tsx";
import { AccountPage, AccountPageLink } from "../components/account-page.tsx";
import { checkedForm, FormError } from "../components/form-field.tsx";
import { GoogleOption } from "../components/google-button.tsx";
import { PasskeySignIn } from "../components/passkey-sign-in.tsx";
import { RouteError } from "../components/route-error.tsx";
import { SignInLinkOffer } from "../components/sign-in-link-offer.tsx";
import { otherWayIn } from "../lib/account-links.ts";
import { appendCookies } from "../lib/cookies.ts";
import { type ActionErrors, appErrorData, passRetryAfter, validateForm } from "../lib/forms.server.ts";
import { readLoginReason, showLoginReason } from "../lib/login-reason.server.ts";
import { laptopPath, signInCodePath } from "../lib/paths.ts";
import { pendingFavourite, saveOnArrival } from "../lib/pending-favourite.server.ts";
import { authHeaders, getUser, safeRedirect } from "../lib/session.server.ts";
import { emailSignInLink } from "../lib/sign-in-link.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import { busySubmit } from "../lib/use-focus-landing.ts";
import { useValidatedForm } from "../lib/use-validated-form.ts";
import type { Route } from "./+types/login";

export const meta = () => [
  { title: "Login — ReLaptop" },
  { name: "description", content: "Log in to book laptops, pay and manage your adverts." },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  // A visitor pressed a heart: the laptop is saved when they log in (see favourites.save below), and
  // they go back to the page they pressed it on — its Referer, so the heart on every card of a cached
  // page need not repeat the page's address; the laptop's own page when the browser sends none.
  const favourite = pendingFavourite(query.get("favourite"));
  const fallback = favourite ? laptopPath(favourite) : "/";
  const redirectTo = safeRedirect(
    context,
    query.get("redirectTo") ?? (favourite ? samePage(context, request.headers.get("referer")) : null),
    fallback,
  );
  if (await getUser(request, context)) throw redirect(redirectTo);
  // Google sent them back without an account (better-auth adds `error`: refused, cancelled, or its own).
  const googleError = query.get("error");
  const googleFailed =
    googleError === null
      ? null
      : googleError === GOOGLE_UNLINKED_CODE
        ? SIGN_IN_WAYS_MESSAGES.googleUnlinkedSignIn
        : MESSAGES.page.googleFailed;
  // What they were doing when they met the wall, named from public data (nothing when the id names nothing).
  const reason = await showLoginReason(context, readLoginReason(query));
  return { redirectTo, favourite, reason, googleFailed, googleEnabled: context.get(appContext).googleEnabled };
}

// A limit's refusal says when to try again (Retry-After), as the API's does.
export const headers = passRetryAfter;

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  // The offer under a refusal: a link that signs in, emailed to the account's owner.
  if (form.get("intent") === "email-link") return emailSignInLink(form, request, context);
  if (form.get("intent") === "passkey") return passkeyLanding(form, request, context);
  const parsed = validateForm(form, loginSchema);
  if (parsed.error) return parsed.error;
  try {
    const { services } = context.get(appContext);
    const signedIn = await services.accounts.signIn(parsed.value, authHeaders(request, context));
    const redirectTo = safeRedirect(context, parsed.form.get("redirectTo"));
    const favourite = pendingFavourite(parsed.form.get("favourite"));
    // Two-factor is on: the code next, carrying where they were going and the heart they pressed.
    if ("codeNeeded" in signedIn) {
      return redirect(signInCodePath(redirectTo, favourite), {
        headers: appendCookies(new Headers(), signedIn.headers),
      });
    }
    const { headers, user } = signedIn;
    // Logged in at last: the heart they pressed as a visitor.
    await saveOnArrival(context, user, favourite);
    // An admin who must turn two-factor on first goes straight to it (every admin page would send them there).
    const mustSetUp = user.role === "admin" && services.accounts.twoFactor.adminPolicy === "required";
    return redirectWithToast(
      context,
      mustSetUp ? TWO_FACTOR_PATH : redirectTo,
      { type: "success", message: MESSAGES.toast.loggedIn },
      appendCookies(new Headers(), headers),
    );
  } catch (error) {
    // A limit refused it (this browser's, or the account's for devices it does not know): the owner can
    // still get in through an emailed link, offered beside the refusal.
    if (isAppError(error) && error.code === "TOO_MANY_REQUESTS") {
      const refused = appErrorData(error, parsed.form);
      return data<ActionErrors & { linkFor: string }>(
        { ...refused.data, linkFor: parsed.value.email },
        refused.init ?? undefined,
      );
    }
    return appErrorData(error, parsed.form);
  }
}

/**
 * After "Sign in with a passkey" (app/components/passkey-sign-in.tsx): the WebAuthn answer already started the
 * session (its cookie came with it), or it did not — cancelled, no passkey for this site, a removed one.
 */
async function passkeyLanding(form: FormData, request: Request, context: Route.ActionArgs["context"]) {
  const user = await getUser(request, context);
  if (!user) return data<ActionErrors>({ formError: PASSKEY_MESSAGES.signInFailed }, { status: 401 });
  await saveOnArrival(context, user, pendingFavourite(form.get("favourite")));
  return redirectWithToast(context, safeRedirect(context, form.get("redirectTo")), {
    type: "success",
    message: MESSAGES.toast.loggedIn,
  });
}

/** The path of a page of this site a request came from (its Referer), if it came from one. */
function samePage(context: Route.LoaderArgs["context"], referer: string | null): string | null {
  const from = URL.parse(referer ?? "");
  const site = new URL(context.get(appContext).publicUrl);
  return from && from.origin === site.origin ? `${from.pathname}${from.search}` : null;
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const form = useValidatedForm(loginSchema, actionData && "linkSent" in actionData ? null : actionData);
  const busy = useNavigation().state === "submitting";
  const linkFor = actionData && "linkFor" in actionData ? actionData.linkFor : null;
  const linkSent = Boolean(actionData && "linkSent" in actionData);
  return (
    <AccountPage title="Login">
      <Form {...checkedForm(form)} className="flex flex-col gap-4">
        <FormError message={form.formError ?? loaderData.googleFailed ?? undefined} />
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        {loaderData.reason && (
          <p className="alert alert-info" role="status">
            {loaderData.reason.login}
          </p>
        )}
        {loaderData.favourite && (
          <>
            <input type="hidden" name="favourite" value={loaderData.favourite} />
            <p className="alert alert-info" role="status">
              {FAVOURITE_MESSAGES.loginToSave}
            </p>
          </>
        )}
        <EmailField error={form.errors.email} />
        <PasswordField kind="current" error={form.errors.password} />
        <Link to="/forgot-password" className="link link-primary -mt-2 self-end text-sm">
          Forgot password?
        </Link>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          Login
        </button>
      </Form>
      {linkFor && (
        <Form method="post" className="mt-4 flex flex-col gap-3 rounded-box border border-base-300 p-4">
          <input type="hidden" name="intent" value="email-link" />
          <input type="hidden" name="email" value={linkFor} />
          <SignInLinkOffer sent={linkSent} />
          <button type="submit" className="btn btn-outline" {...busySubmit(busy)}>
            Email me a sign-in link
          </button>
        </Form>
      )}
      <PasskeySignIn redirectTo={loaderData.redirectTo} favourite={loaderData.favourite} />
      <GoogleOption
        enabled={loaderData.googleEnabled}
        redirectTo={loaderData.redirectTo}
        favourite={loaderData.favourite}
        reason={loaderData.reason}
      />
      <AccountPageLink prompt="New to ReLaptop?" to={otherWayIn("/signUp", loaderData)}>
        Create an account
      </AccountPageLink>
    </AccountPage>
  );
}

export const ErrorBoundary = RouteError;
