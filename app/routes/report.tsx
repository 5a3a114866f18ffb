import { redirect } from "react-router";
import { appContext } from "#app-context";
import { reportSchema } from "../../schemas/moderation.ts";
import { appErrorData, parseForm } from "../lib/forms.server.ts";
import { requireUser } from "../lib/session.server.ts";
import { dataWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/report";

export const loader = () => redirect("/allAdd");

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const parsed = await parseForm(request, reportSchema);
  if (parsed.error) return parsed.error;
  try {
    await context.get(appContext).services.reports.report(user, parsed.value);
  } catch (error) {
    return appErrorData(error);
  }
  return dataWithToast(
    context,
    { ok: true as const },
    { type: "success", message: "Thank you: an admin will look at this laptop." },
  );
}
