import { redirect } from "react-router";
import { signInCodePending } from "../../core/accounts/index.ts";
import { MESSAGES } from "../../schemas/messages.ts";
import { signInCodePath } from "../lib/paths.ts";
import { pendingFavouriteCookie, pendingFavouriteFromCookie, saveOnArrival } from "../lib/pending-favourite.server.ts";
import { getUser, safeRedirect } from "../lib/session.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/auth-google-done";

/**
 * Where Google sign-in lands: confirm it like a password login, then go back. With two-factor on, Google
 * proved one factor: the code is next (core/accounts/auth.ts), and the heart pressed before goes with it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const to = safeRedirect(context, new URL(request.url).searchParams.get("redirectTo"));
  // The heart they pressed as a visitor before leaving for Google, if any: read once, whatever happens next.
  const favourite = pendingFavouriteFromCookie(request);
  const headers = new Headers({ "set-cookie": pendingFavouriteCookie(context, null) });
  const user = await getUser(request, context);
  if (!user && signInCodePending(request.headers.get("cookie"))) {
    throw redirect(signInCodePath(to, favourite), { headers });
  }
  if (!user) throw redirect("/login", { headers });
  await saveOnArrival(context, user, favourite);
  return redirectWithToast(context, to, { type: "success", message: MESSAGES.toast.loggedIn }, headers);
}
