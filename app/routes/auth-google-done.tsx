import { redirect } from "react-router";
import { MESSAGES } from "../../schemas/messages.ts";
import { pendingFavouriteCookie, pendingFavouriteFromCookie, saveOnArrival } from "../lib/pending-favourite.server.ts";
import { getUser, safeRedirect } from "../lib/session.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/auth-google-done";

/** Where Google sign-in lands: confirm it like a password login, then go back. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const to = safeRedirect(context, new URL(request.url).searchParams.get("redirectTo"));
  const user = await getUser(request, context);
  if (!user) throw redirect("/login");
  // The heart they pressed as a visitor before leaving for Google, if any.
  const favourite = pendingFavouriteFromCookie(request);
  await saveOnArrival(context, user, favourite);
  const headers = new Headers();
  if (favourite) headers.append("set-cookie", pendingFavouriteCookie(context, null));
  return redirectWithToast(context, to, { type: "success", message: MESSAGES.toast.loggedIn }, headers);
}
