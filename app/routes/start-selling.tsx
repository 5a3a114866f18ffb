import { redirect } from "react-router";
import { appContext } from "#app-context";
import { isAppError } from "../../core/errors.ts";
import { MESSAGES } from "../../schemas/messages.ts";
import { requireUser, safeRedirect } from "../lib/session.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/start-selling";

/** Where selling starts: a link or a login that comes back here lands on Add Advertisement, which offers it. */
export const loader = () => redirect(POST_ADD);

const POST_ADD = "/dashboard/post/add";

/**
 * "Start selling" (Add Advertisement and the profile page, for buyers): the account becomes a seller's, acting
 * as a seller (core/accounts/start-selling.ts), then Add Advertisement or the page the form names. A POST only,
 * behind the same origin check as every form (server/http/origin-check.ts).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const form = await request.formData();
  const to = safeRedirect(context, form.get("redirectTo"), POST_ADD);
  try {
    const outcome = await context.get(appContext).services.accounts.profile.startSelling(user);
    if (outcome === "already") return redirect(to);
    return redirectWithToast(context, to, { type: "success", message: MESSAGES.toast.nowSeller });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return redirectWithToast(context, to, { type: "error", message: error.message });
  }
}
