import { redirect } from "react-router";
import { appContext } from "#app-context";
import { otherWayIn } from "../lib/account-links.ts";
import { appendCookies } from "../lib/cookies.ts";
import { readLoginReason } from "../lib/login-reason.server.ts";
import { pendingFavourite, pendingFavouriteCookie } from "../lib/pending-favourite.server.ts";
import { authHeaders, safeRedirect } from "../lib/session.server.ts";
import type { Route } from "./+types/auth-google";

export const loader = () => redirect("/login");

/** "Continue with Google": ask the identity service for Google's URL and send the browser there. */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, googleEnabled } = context.get(appContext);
  if (!googleEnabled) throw redirect("/login");
  const form = await request.formData();
  const back = safeRedirect(context, form.get("redirectTo"));
  const favourite = pendingFavourite(form.get("favourite"));
  const { url, headers } = await services.accounts.startGoogleSignIn(
    `/auth/google/done?${new URLSearchParams({ redirectTo: back })}`,
    authHeaders(request, context),
    // Refused or cancelled: back to the login page that says so, still carrying the way back, the heart and why.
    otherWayIn("/login", { redirectTo: back, favourite, reason: readLoginReason(form) }),
  );
  const leaving = appendCookies(new Headers(), headers);
  // Set, or cleared: a heart left waiting by an earlier try that never came back is not saved by this one.
  leaving.append("set-cookie", pendingFavouriteCookie(context, favourite));
  return redirect(url, { headers: leaving });
}
