import { Form, Link, useNavigation } from "react-router";
import { appContext } from "#app-context";
import { LocalTime } from "../../components/local-time.tsx";
import { RouteError } from "../../components/route-error.tsx";
import { keysetPage } from "../../lib/keyset-page.server.ts";
import { requireUser } from "../../lib/session.server.ts";
import { dataWithToast } from "../../lib/toast.server.ts";
import { busySubmit, useFocusLanding } from "../../lib/use-focus-landing.ts";
import { useFreshOnNewNotice } from "../../lib/use-fresh-on-new-notice.ts";
import type { Route } from "./+types/notifications";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const { notifications } = context.get(appContext).services;
  return keysetPage(request, async (cursor) => ({
    ...(await notifications.list(user, { cursor })),
    older: Boolean(cursor),
  }));
}

/** "Mark all as read": a plain form post, so it works before (or without) JavaScript. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  await context.get(appContext).services.notifications.markAllRead(user);
  return dataWithToast(context, { ok: true }, { type: "success", message: "All notifications are marked as read." });
}

export const meta = () => [{ title: "Notifications — ReLaptop" }];

export default function Notifications({ loaderData: { items, next, older } }: Route.ComponentProps) {
  const navigation = useNavigation();
  // "Mark all as read" is busy while it is sent, not while a notice is being opened.
  const busy = navigation.state === "submitting" && !navigation.formAction?.startsWith("/dashboard/notifications/");
  // A new notice shows here as it arrives, as it does on the bell.
  useFreshOnNewNotice();
  const anyUnread = items.some((n) => !n.read);
  const offered = anyUnread || older;
  // The button goes once everything is read: focus lands on the page's heading, not at the top of the page.
  const heading = useFocusLanding<HTMLHeadingElement>(offered);
  return (
    <section className="flex max-w-3xl flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 ref={heading} className="text-3xl font-bold">
          Notifications
        </h1>
        {offered && (
          <Form method="post">
            <button type="submit" className="btn btn-outline btn-sm" {...busySubmit(busy)}>
              Mark all as read
            </button>
          </Form>
        )}
      </div>
      {items.length === 0 ? (
        <p>Nothing yet. We tell you here when something happens to your orders, laptops or account.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {items.map((n) => (
            <li
              key={n.id}
              className={`rounded-box border p-4 ${n.read ? "border-base-300" : "border-primary border-l-4 bg-base-200"}`}
            >
              {/* Opening a notice marks it read: a POST (never a GET), then on to its subject. */}
              <Form method="post" action={`/dashboard/notifications/${n.id}`}>
                <button type="submit" className="link-hover flex w-full cursor-pointer flex-col gap-1 text-left">
                  <span className="flex flex-wrap items-center gap-2 font-semibold">
                    {!n.read && <span className="badge badge-primary badge-sm">Unread</span>}
                    {n.title}
                  </span>
                  <span>{n.body}</span>
                  <LocalTime iso={n.createdAt} className="text-sm text-base-content/70" />
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <nav aria-label="More notifications" className="flex gap-3">
        {older && (
          <Link to="/dashboard/notifications" className="btn btn-ghost btn-sm">
            Newest
          </Link>
        )}
        {next && (
          <Link to={`?cursor=${encodeURIComponent(next)}`} className="btn btn-ghost btn-sm">
            Older notifications
          </Link>
        )}
      </nav>
    </section>
  );
}

export const ErrorBoundary = RouteError;
