import { redirect } from "react-router";
import { MESSAGES } from "../../schemas/messages.ts";
import { pendingFavouriteCookie, pendingFavouriteFromCookie, saveOnArrival } from "../lib/pending-favourite.server.ts";
import { getUser, safeRedirect } from "../lib/session.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/auth-google-done";

/** Where Google sign-in lands: confirm it like a password login, then go back. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const to = safeRedirect(context, new URL(request.url).searchParams.get("redirectTo"));
  // The heart they pressed as a visitor before leaving for Google, if any: read once, whatever happens next.
  const favourite = pendingFavouriteFromCookie(request);
  const headers = new Headers({ "set-cookie": pendingFavouriteCookie(context, null) });
  const user = await getUser(request, context);
  if (!user) throw redirect("/login", { headers });
  await saveOnArrival(context, user, favourite);
  return redirectWithToast(context, to, { type: "success", message: MESSAGES.toast.loggedIn }, headers);
}
