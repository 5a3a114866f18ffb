import { redirect } from "react-router";
import { appContext } from "#app-context";
import { NO_NOTIFICATION } from "../../../schemas/notification-labels.ts";
import { idFromPath } from "../../../schemas/params.ts";
import { loadOrRedirect } from "../../lib/load-or-redirect.server.ts";
import { notFound } from "../../lib/not-found.server.ts";
import { requireUser, safeRedirect } from "../../lib/session.server.ts";
import type { Route } from "./+types/open-notification";

/**
 * Opening a notification from the list: a POST (the list's form for each notice, a plain form post
 * without JavaScript) marks it read and goes on to its subject (an order, a laptop, the account).
 * Someone else's notification is "not found".
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const id = notificationId(params.id);
  const { notifications } = context.get(appContext).services;
  const { link } = await loadOrRedirect(context, () => notifications.markRead(user, id));
  throw redirect(safeRedirect(context, link, "/dashboard/notifications"));
}

/** The address followed by GET (a bookmark, an old link) goes to the subject too, but changes nothing. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const id = notificationId(params.id);
  const { notifications } = context.get(appContext).services;
  const { link } = await loadOrRedirect(context, () => notifications.linkOf(user, id));
  throw redirect(safeRedirect(context, link, "/dashboard/notifications"));
}

/** An address that cannot name a notification names none. */
function notificationId(value: string): string {
  const id = idFromPath(value);
  if (!id) throw notFound(NO_NOTIFICATION);
  return id;
}
