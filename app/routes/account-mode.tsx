import { redirect } from "react-router";
import { z } from "zod";
import { appContext } from "#app-context";
import { MESSAGES } from "../../schemas/messages.ts";
import { appErrorData, parseForm } from "../lib/forms.server.ts";
import { requireUser, safeRedirect } from "../lib/session.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/account-mode";

export const loader = () => redirect("/");

/**
 * The Seller/User switch: sellers act as sellers or as plain buyers; the server enforces it everywhere.
 * It lands on / (spec §4) unless the form names a page to come back to (Add Advertisement's own switch).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const parsed = await parseForm(request, z.object({ mode: z.enum(["seller", "user"]) }));
  if (parsed.error) return parsed.error;
  try {
    const asSeller = parsed.value.mode === "seller";
    const changed = await context.get(appContext).services.accounts.profile.setActingAsSeller(user, asSeller);
    const to = safeRedirect(context, parsed.form.get("redirectTo"));
    // The spec's toast says the mode changed (modifiedCount above zero): pressed twice, the second changed nothing.
    if (!changed) return redirect(to);
    return redirectWithToast(context, to, {
      type: "success",
      message: asSeller ? MESSAGES.toast.nowSeller : MESSAGES.toast.nowUser,
    });
  } catch (error) {
    return appErrorData(error);
  }
}
