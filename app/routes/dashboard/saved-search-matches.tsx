import { Link } from "react-router";
import { appContext } from "#app-context";
import { FOLLOWED_LIST_CLASS, FollowedAdvertRow } from "../../components/followed-advert-row.tsx";
import { LocalTime } from "../../components/local-time.tsx";
import { PagedList } from "../../components/pager.tsx";
import { RouteError } from "../../components/route-error.tsx";
import { keysetPage } from "../../lib/keyset-page.server.ts";
import { requireUser } from "../../lib/session.server.ts";
import type { Route } from "./+types/saved-search-matches";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  return keysetPage(request, (cursor) => context.get(appContext).services.savedSearches.matches(user, { cursor }));
}

export const meta = () => [{ title: "Matches for your saved searches — ReLaptop" }];

/** Every laptop that matched one of my saved searches, newest first: where the alert emails' "See all" goes. */
export default function SavedSearchMatches({ loaderData: page }: Route.ComponentProps) {
  return (
    <section className="flex max-w-5xl flex-col gap-4">
      <h1 className="text-3xl font-bold">Matches for your saved searches</h1>
      <p>
        Laptops posted since you saved your searches, newest first.{" "}
        <Link to="/dashboard/saved-searches" className="link link-primary">
          Your saved searches
        </Link>
      </p>
      <PagedList
        page={page}
        className={FOLLOWED_LIST_CLASS}
        empty={<p>No matches yet. We will list here every new laptop that matches one of your saved searches.</p>}
      >
        {(m) => <Match key={`${m.searchId}-${m.advertId}`} match={m} />}
      </PagedList>
    </section>
  );
}

function Match({ match: m }: { match: Route.ComponentProps["loaderData"]["items"][number] }) {
  return (
    <FollowedAdvertRow advert={m}>
      <p className="text-sm text-base-content/70">
        {`For “${m.searchName}”`} · <LocalTime iso={m.matchedAt} />
      </p>
    </FollowedAdvertRow>
  );
}

export const ErrorBoundary = RouteError;
