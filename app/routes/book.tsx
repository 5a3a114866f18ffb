import { redirect } from "react-router";
import { appContext } from "#app-context";
import { MESSAGES } from "../../schemas/messages.ts";
import { bookingSchema } from "../../schemas/orders.ts";
import { appErrorData, parseForm } from "../lib/forms.server.ts";
import { requireUser } from "../lib/session.server.ts";
import { dataWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/book";

export const loader = () => redirect("/allAdd");

/** The booking modal posts here from any page that shows laptops. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const parsed = await parseForm(request, bookingSchema);
  if (parsed.error) return parsed.error;
  try {
    await context.get(appContext).services.orders.book(user, parsed.value);
  } catch (error) {
    return appErrorData(error);
  }
  return dataWithToast(context, { ok: true as const }, { type: "success", message: MESSAGES.toast.bookingConfirmed });
}
