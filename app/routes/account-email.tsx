import { redirect } from "react-router";
import { appContext } from "#app-context";
import { CHANGE_EMAIL_MESSAGES, emailChangeSchema } from "../../schemas/accounts.ts";
import { appErrorData, passRetryAfter, validateForm } from "../lib/forms.server.ts";
import { authHeaders, requireUser } from "../lib/session.server.ts";
import { doneOn, refusedOn } from "../lib/toast.server.ts";
import type { Route } from "./+types/account-email";

/** The form lives on the profile page. */
export const loader = () => redirect("/profile");

/** Too many requests or wrong passwords, then a wait: the 429 says how long (Retry-After). */
export const headers = passRetryAfter;

/**
 * "Change email" (the profile's section, app/components/change-email.tsx): the new address and the password
 * (or a fresh sign-in), then the link to the new address and the notice to the old one
 * (core/accounts/change-email.ts). A refusal names its field; the address changes only when the link is followed.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const parsed = validateForm(await request.formData(), emailChangeSchema);
  if (parsed.error) return refusedOn(context, "/profile", parsed.error);
  const { services } = context.get(appContext);
  try {
    const { email } = await services.accounts.profile.requestEmailChange(
      user,
      parsed.value,
      authHeaders(request, context),
    );
    return doneOn(
      context,
      "/profile",
      { sent: email },
      { type: "success", message: CHANGE_EMAIL_MESSAGES.sent(email) },
    );
  } catch (error) {
    return refusedOn(context, "/profile", appErrorData(error, parsed.form));
  }
}
