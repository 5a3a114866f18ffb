import { redirect } from "react-router";
import { appContext } from "#app-context";
import { isAppError } from "../../core/errors.ts";
import { DATA_EXPORT_MESSAGES } from "../../schemas/data-export.ts";
import { appErrorData } from "../lib/forms.server.ts";
import { requireUser } from "../lib/session.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/account-export";

/** The button lives on the profile page. */
export const loader = () => redirect("/profile#data-export");

/**
 * "Download my data" (the profile's section, app/components/data-export.tsx): records the request and queues its
 * job (core/privacy), then lands back on the section, which now says the data is being prepared. Asked again while
 * one prepares, it says so. The ZIP itself is downloaded from the API (server/api/data-export.ts), as the payouts'
 * CSV is. A POST only, behind the same origin check as every form.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  try {
    await context.get(appContext).services.privacy.requestExport(user);
    return redirectWithToast(context, "/profile#data-export", {
      type: "success",
      message: DATA_EXPORT_MESSAGES.preparing,
    });
  } catch (error) {
    if (isAppError(error) && error.code === "CONFLICT") {
      return redirectWithToast(context, "/profile#data-export", { type: "error", message: error.message });
    }
    return appErrorData(error);
  }
}
