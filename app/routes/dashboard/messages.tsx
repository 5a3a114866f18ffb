import { Link } from "react-router";
import { appContext } from "#app-context";
import { MESSAGES_EVENT, type MessagesUpdate } from "../../../schemas/conversation-labels.ts";
import { LaptopPhoto } from "../../components/laptop-photo.tsx";
import { LocalTime } from "../../components/local-time.tsx";
import { PagedList } from "../../components/pager.tsx";
import { RouteError } from "../../components/route-error.tsx";
import { keysetPage } from "../../lib/keyset-page.server.ts";
import { useLiveEvent } from "../../lib/live-events.ts";
import { requireUser } from "../../lib/session.server.ts";
import { useLiveRefresh } from "../../lib/use-live-refresh.ts";
import type { Route } from "./+types/messages";

/** The inbox: every conversation of mine, as buyer or seller, newest activity first, in keyset pages. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  return keysetPage(request, (cursor) => context.get(appContext).services.conversations.inbox(user, { cursor }));
}

export const meta = () => [{ title: "Messages — ReLaptop" }];

export default function Messages({ loaderData: page }: Route.ComponentProps) {
  const refresh = useLiveRefresh();
  // A new message anywhere moves its conversation to the top: read the list again.
  useLiveEvent(MESSAGES_EVENT, (data) => {
    if ((JSON.parse(data) as MessagesUpdate).conversationId) refresh();
  });
  return (
    <section className="flex max-w-3xl flex-col gap-4">
      <h1 className="text-3xl font-bold">Messages</h1>
      <PagedList
        page={page}
        className="flex flex-col gap-2"
        pagerLabel="Pages of conversations"
        empty={
          <p>
            No conversations yet. On a laptop's page, press <strong>Message seller</strong> to ask about it.
          </p>
        }
      >
        {(c) => (
          <li key={c.id}>
            <Link
              to={`/dashboard/messages/${c.id}`}
              className={`flex gap-3 rounded-box border p-3 hover:bg-base-200 ${c.unread ? "border-primary border-l-4" : "border-base-300"}`}
            >
              <LaptopPhoto src={c.advert.imageUrl} width={80} className="h-15 w-20 shrink-0 rounded object-cover" />
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="flex flex-wrap items-center gap-2 font-semibold">
                  {c.advert.name}
                  {c.unread > 0 && <span className="badge badge-primary badge-sm">{c.unread} unread</span>}
                </span>
                <span className="text-sm">
                  {c.role === "buyer" ? "Seller" : "Buyer"}: {c.other.name}
                </span>
                <span className="truncate text-sm text-base-content/80">
                  {c.lastFromMe ? "You: " : ""}
                  {c.preview}
                </span>
                <LocalTime iso={c.lastMessageAt} className="text-sm text-base-content/70 sm:hidden" />
              </span>
              {/* Beside the row on wider screens, under it on phones (where it would squeeze the words). */}
              <LocalTime iso={c.lastMessageAt} className="hidden shrink-0 text-sm text-base-content/70 sm:block" />
            </Link>
          </li>
        )}
      </PagedList>
    </section>
  );
}

export const ErrorBoundary = RouteError;
