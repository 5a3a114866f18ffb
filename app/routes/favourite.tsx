import { redirect } from "react-router";
import { appContext } from "#app-context";
import { isAppError } from "../../core/errors.ts";
import { FAVOURITE_MESSAGES, favouriteFormSchema } from "../../schemas/favourites.ts";
import { validateForm } from "../lib/forms.server.ts";
import { getUser, safeRedirect } from "../lib/session.server.ts";
import { errorDataWithToast, redirectWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/favourite";

/** Nothing to show here: the heart posts to this address; a person who opens it sees their favourites. */
export const loader = () => redirect("/dashboard/favourites");

/**
 * The heart's form. Sent by a fetcher (`via=fetcher`) it answers with the new state; sent by a browser
 * without JavaScript it goes back to the page it came from. Signed out (a session that ended), it goes
 * to the login page, which saves the laptop on login.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const back = safeRedirect(context, form.get("redirectTo"));
  const viaFetcher = form.get("via") === "fetcher";
  const user = await getUser(request, context);
  if (!user) {
    const advertId = form.get("advertId");
    throw redirect(
      `/login?${new URLSearchParams({ redirectTo: back, ...(typeof advertId === "string" && { favourite: advertId }) })}`,
    );
  }
  const parsed = validateForm(form, favouriteFormSchema);
  if (parsed.error) return parsed.error;
  const { advertId, intent } = parsed.value;
  const { favourites } = context.get(appContext).services;
  try {
    if (intent === "save") await favourites.save(user, advertId);
    else await favourites.remove(user, advertId); // already gone (a second click): the same outcome
  } catch (error) {
    if (!isAppError(error)) throw error;
    // The heart goes back to what it was; the toast says why.
    if (viaFetcher) return errorDataWithToast(context, error);
    return redirectWithToast(context, back, { type: "error", message: error.message });
  }
  const saved = intent === "save";
  if (viaFetcher) return { advertId, saved };
  return redirectWithToast(context, back, {
    type: "success",
    message: saved ? FAVOURITE_MESSAGES.saved : FAVOURITE_MESSAGES.removed,
  });
}
