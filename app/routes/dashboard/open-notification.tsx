import { redirect } from "react-router";
import { appContext } from "#app-context";
import { loadOrRedirect } from "../../lib/load-or-redirect.server.ts";
import { requireUser, safeRedirect } from "../../lib/session.server.ts";
import type { Route } from "./+types/open-notification";

/**
 * Opening a notification: marks it read and goes on to its subject (an order, a laptop, the account).
 * A plain link, so it works without JavaScript; someone else's notification is "not found".
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const { notifications } = context.get(appContext).services;
  const { link } = await loadOrRedirect(context, () => notifications.markRead(user, params.id));
  throw redirect(safeRedirect(context, link, "/dashboard/notifications"));
}
