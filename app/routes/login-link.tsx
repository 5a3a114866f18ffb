import { Form, redirect, useNavigation } from "react-router";
import { appContext } from "#app-context";
import { LOGIN_MESSAGES, signInLinkRequestSchema, signInLinkUseSchema } from "../../schemas/login-limits.ts";
import { MESSAGES } from "../../schemas/messages.ts";
import { EmailField } from "../components/account-fields.tsx";
import { AccountPage, BackToLogin } from "../components/account-page.tsx";
import { checkedForm, FormError } from "../components/form-field.tsx";
import { RouteError } from "../components/route-error.tsx";
import { SignInLinkOffer } from "../components/sign-in-link-offer.tsx";
import { appendCookies } from "../lib/cookies.ts";
import { appErrorData, validateForm } from "../lib/forms.server.ts";
import { signInCodePath } from "../lib/paths.ts";
import { authHeaders } from "../lib/session.server.ts";
import { emailSignInLink } from "../lib/sign-in-link.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import { busySubmit, useFocusLanding } from "../lib/use-focus-landing.ts";
import { useValidatedForm } from "../lib/use-validated-form.ts";
import type { Route } from "./+types/login-link";

export const meta = () => [{ title: "Sign in with a link — ReLaptop" }, { name: "robots", content: "noindex" }];

/**
 * The emailed sign-in link opens here (`?token=…`), and signs in only when its button is pressed: mail
 * scanners open the links in an email, and a link that signed in on opening would be used up by them.
 * Without a token (or once it is used), the page asks for a new link.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const parsed = signInLinkUseSchema.safeParse({ token: new URL(request.url).searchParams.get("token") ?? "" });
  if (!parsed.success) return { token: "", linkInvalid: false };
  const works = await context.get(appContext).services.accounts.signInLinkWorks(parsed.data.token);
  return { token: works ? parsed.data.token : "", linkInvalid: !works };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get("intent") !== "use-link") return emailSignInLink(form, request, context);
  const parsed = validateForm(form, signInLinkUseSchema);
  if (parsed.error) return { linkInvalid: true as const };
  try {
    const signedIn = await context
      .get(appContext)
      .services.accounts.signInWithLink(parsed.value.token, authHeaders(request, context));
    if (!signedIn) return { linkInvalid: true as const };
    if ("codeNeeded" in signedIn) {
      return redirect(signInCodePath("/", null), { headers: appendCookies(new Headers(), signedIn.headers) });
    }
    return redirectWithToast(
      context,
      "/",
      { type: "success", message: MESSAGES.toast.loggedIn },
      appendCookies(new Headers(), signedIn.headers),
    );
  } catch (error) {
    return appErrorData(error);
  }
}

export default function LoginLink({ loaderData, actionData }: Route.ComponentProps) {
  const linkInvalid = loaderData.linkInvalid || Boolean(actionData && "linkInvalid" in actionData);
  const linkSent = Boolean(actionData && "linkSent" in actionData);
  const token = linkInvalid || linkSent ? "" : loaderData.token;
  const refusal = actionData && !("linkInvalid" in actionData) && !("linkSent" in actionData) ? actionData : null;
  const form = useValidatedForm(signInLinkRequestSchema, refusal);
  const busy = useNavigation().state === "submitting";
  // The used link's answer replaces the button that had focus: focus goes to it.
  const landing = useFocusLanding<HTMLParagraphElement>(linkInvalid);
  return (
    <AccountPage title="Sign in with a link">
      {token ? (
        <Form method="post" className="flex flex-col gap-4">
          <FormError message={form.formError} />
          <input type="hidden" name="intent" value="use-link" />
          <input type="hidden" name="token" value={token} />
          <button type="submit" className="btn btn-primary" {...busySubmit(busy)}>
            Sign in
          </button>
        </Form>
      ) : (
        <Form {...checkedForm(form)} className="flex flex-col gap-4">
          {linkInvalid && (
            <p ref={landing} role="alert" className="rounded-box bg-error/10 p-3 text-sm text-error">
              {LOGIN_MESSAGES.linkInvalid}
            </p>
          )}
          <FormError message={form.formError} />
          <SignInLinkOffer sent={linkSent} />
          <input type="hidden" name="intent" value="email-link" />
          <EmailField error={form.errors.email} />
          <button type="submit" className="btn btn-primary" {...busySubmit(busy)}>
            Email me a sign-in link
          </button>
        </Form>
      )}
      <BackToLogin />
    </AccountPage>
  );
}

export const ErrorBoundary = RouteError;
