import { Form, Link, redirect } from "react-router";
import { z } from "zod";
import { appContext } from "#app-context";
import { isAppError } from "../../core/errors.ts";
import { RECOVERY_MESSAGES } from "../../schemas/recovery-messages.ts";
import { RouteError } from "../components/route-error.tsx";
import { authHeaders, getUser, requireUser, safeRedirect } from "../lib/session.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import { BANNER_COOKIE } from "../lib/verify-banner.server.ts";
import type { Route } from "./+types/verify-email";

export const meta = () => [{ title: "Verify your email — ReLaptop" }, { name: "robots", content: "noindex" }];

/** The emailed link: verifies the address (a link used twice still says verified). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const { services } = context.get(appContext);
  const verified = token !== "" && (await services.accounts.recovery.verifyEmail(token));
  return { verified, signedIn: Boolean(await getUser(request, context)) };
}

/** The banner's buttons: send the email again (limited), or hide the banner for this browser session. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const form = await request.formData();
  const back = safeRedirect(context, form.get("redirectTo"));
  const intent = z.enum(["resend", "dismiss"]).safeParse(form.get("intent"));
  if (intent.data === "dismiss") {
    const secure = context.get(appContext).secureCookies ? "; Secure" : "";
    throw redirect(back, {
      headers: { "set-cookie": `${BANNER_COOKIE}=hidden; Path=/; HttpOnly; SameSite=Lax${secure}` },
    });
  }
  try {
    await context
      .get(appContext)
      .services.accounts.recovery.resendVerification(user.email, authHeaders(request, context));
  } catch (error) {
    if (!isAppError(error)) throw error;
    return redirectWithToast(context, back, { type: "error", message: error.message });
  }
  return redirectWithToast(context, back, { type: "success", message: RECOVERY_MESSAGES.verificationSent });
}

export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto flex w-full max-w-md flex-col items-center gap-4 p-6 text-center">
      <h1 className="text-3xl font-bold">Email verification</h1>
      {loaderData.verified ? (
        <p role="status" className="alert alert-success">
          {RECOVERY_MESSAGES.verified}
        </p>
      ) : (
        <>
          <p role="alert">{RECOVERY_MESSAGES.verifyInvalid}</p>
          {loaderData.signedIn ? (
            <Form method="post">
              <input type="hidden" name="intent" value="resend" />
              <input type="hidden" name="redirectTo" value="/" />
              <button type="submit" className="btn btn-primary">
                Send the email again
              </button>
            </Form>
          ) : (
            <Link to="/login?redirectTo=%2F" className="btn btn-primary">
              Log in to get a new link
            </Link>
          )}
        </>
      )}
      <Link to="/" className="link link-primary">
        Go to Home
      </Link>
    </section>
  );
}

export const ErrorBoundary = RouteError;
