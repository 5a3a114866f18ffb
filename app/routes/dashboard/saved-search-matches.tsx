import { Link } from "react-router";
import { appContext } from "#app-context";
import { isAppError } from "../../../core/errors.ts";
import { formatPrice } from "../../../schemas/money.ts";
import { AdvertRow } from "../../components/advert-row.tsx";
import { FollowedStatus } from "../../components/followed-status.tsx";
import { LocalTime } from "../../components/local-time.tsx";
import { Pager } from "../../components/pager.tsx";
import { RouteError } from "../../components/route-error.tsx";
import { notFound } from "../../lib/not-found.server.ts";
import { requireUser } from "../../lib/session.server.ts";
import type { Route } from "./+types/saved-search-matches";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const cursor = new URL(request.url).searchParams.get("cursor") ?? undefined;
  try {
    return await context.get(appContext).services.savedSearches.matches(user, { cursor });
  } catch (error) {
    // A cursor that is not one of ours names a page that does not exist.
    if (isAppError(error) && error.code === "VALIDATION_FAILED") throw notFound(error.message);
    throw error;
  }
}

export const meta = () => [{ title: "Matches for your saved searches — ReLaptop" }];

/** Every laptop that matched one of my saved searches, newest first: where the alert emails' "See all" goes. */
export default function SavedSearchMatches({ loaderData: { items, next } }: Route.ComponentProps) {
  return (
    <section className="flex max-w-3xl flex-col gap-4">
      <h1 className="text-3xl font-bold">Matches for your saved searches</h1>
      <p>
        Laptops posted since you saved your searches, newest first.{" "}
        <Link to="/dashboard/saved-searches" className="link link-primary">
          Your saved searches
        </Link>
      </p>
      {items.length === 0 ? (
        <p>No matches yet. We will list here every new laptop that matches one of your saved searches.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {items.map((m) => (
            <Match key={`${m.searchId}-${m.advertId}`} match={m} />
          ))}
        </ul>
      )}
      <Pager nextCursor={next} />
    </section>
  );
}

function Match({ match: m }: { match: Route.ComponentProps["loaderData"]["items"][number] }) {
  return (
    <AdvertRow
      imageUrl={m.imageUrl ?? "/favicon.svg"}
      title={
        m.status === "gone" ? (
          m.name
        ) : (
          <Link to={`/laptops/${m.advertId}`} className="link-hover">
            {m.name}
          </Link>
        )
      }
    >
      <p className="flex flex-wrap items-center gap-2">
        {m.priceCents !== null && <span className="font-semibold">{formatPrice(m.priceCents)}</span>}
        <FollowedStatus status={m.status} />
      </p>
      <p className="text-sm text-base-content/70">
        {`For “${m.searchName}”`} · <LocalTime iso={m.matchedAt} />
      </p>
    </AdvertRow>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
