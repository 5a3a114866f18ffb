import { redirect } from "react-router";
import { appContext } from "#app-context";
import { MESSAGES } from "../../schemas/messages.ts";
import { appendCookies } from "../lib/cookies.ts";
import { authHeaders } from "../lib/session.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/logout";

export const loader = () => redirect("/");

/** Signs out, goes to /login and confirms it (spec: error page's Logout and the user menu). */
export async function action({ request, context }: Route.ActionArgs) {
  const { headers } = await context.get(appContext).services.accounts.signOut(authHeaders(request, context));
  return redirectWithToast(
    context,
    "/login",
    { type: "success", message: MESSAGES.toast.signedOut },
    appendCookies(new Headers(), headers),
  );
}
