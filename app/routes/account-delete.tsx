import { redirect } from "react-router";
import { appContext } from "#app-context";
import { accountDeletionSchema, DELETE_ACCOUNT_MESSAGES } from "../../schemas/accounts.ts";
import { appendCookies } from "../lib/cookies.ts";
import { appErrorData, passRetryAfter, validateForm } from "../lib/forms.server.ts";
import { authHeaders, requireUser } from "../lib/session.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/account-delete";

/** The form lives on the profile page. */
export const loader = () => redirect("/profile");

/** Five wrong passwords, then a wait: the 429 says how long (Retry-After). */
export const headers = passRetryAfter;

/**
 * "Delete my account" (the profile's dialog, app/components/delete-account.tsx): the password or a fresh
 * sign-in, then the anonymising deletion (core/accounts/delete-account.ts). Done, the person is signed out
 * and lands on the home page with what happened; refused, the dialog shows why (the orders it names, a wrong
 * password under its field). A POST only, behind the same origin check as every form.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const parsed = validateForm(await request.formData(), accountDeletionSchema);
  if (parsed.error) return parsed.error;
  const { services } = context.get(appContext);
  try {
    const { headers } = await services.accounts.profile.deleteOwnAccount(
      user,
      parsed.value,
      authHeaders(request, context),
    );
    return redirectWithToast(
      context,
      "/",
      { type: "success", message: DELETE_ACCOUNT_MESSAGES.deleted },
      appendCookies(new Headers(), headers),
    );
  } catch (error) {
    return appErrorData(error, parsed.form);
  }
}
