import { redirect } from "react-router";
import { MESSAGES } from "../../schemas/messages.ts";
import { getUser, safeRedirect } from "../lib/session.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/auth-google-done";

/** Where Google sign-in lands: confirm it like a password login, then go back. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const to = safeRedirect(context, new URL(request.url).searchParams.get("redirectTo"));
  if (!(await getUser(request, context))) throw redirect("/login");
  return redirectWithToast(context, to, { type: "success", message: MESSAGES.toast.loggedIn });
}
