import { redirect } from "react-router";
import { appContext } from "#app-context";
import { MESSAGES } from "../../schemas/messages.ts";
import { appendCookies } from "../lib/cookies.ts";
import { authHeaders, safeRedirect } from "../lib/session.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/logout";

export const loader = () => redirect("/");

/**
 * Signs out, goes to /login and confirms it (spec: error page's Logout and the user menu), or to the page
 * the form names (a buyer leaving to register as a seller).
 */
export async function action({ request, context }: Route.ActionArgs) {
  // A bare POST (no form body) still signs out.
  const form = await request.formData().catch(() => null);
  const to = safeRedirect(context, form?.get("redirectTo"), "/login");
  const { headers } = await context.get(appContext).services.accounts.signOut(authHeaders(request, context));
  return redirectWithToast(
    context,
    to,
    { type: "success", message: MESSAGES.toast.signedOut },
    appendCookies(new Headers(), headers),
  );
}
