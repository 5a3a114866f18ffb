import { Link } from "react-router";
import { appContext } from "#app-context";
import { isAppError } from "../../../core/errors.ts";
import { priceChangeText } from "../../../schemas/favourite-labels.ts";
import { MESSAGES } from "../../../schemas/messages.ts";
import { formatPrice } from "../../../schemas/money.ts";
import { canBuy } from "../../../schemas/roles.ts";
import { AdvertRow } from "../../components/advert-row.tsx";
import { FavouriteButton } from "../../components/favourite-button.tsx";
import { FollowedStatus } from "../../components/followed-status.tsx";
import { Pager } from "../../components/pager.tsx";
import { RouteError } from "../../components/route-error.tsx";
import { notFound } from "../../lib/not-found.server.ts";
import { requireUser } from "../../lib/session.server.ts";
import { redirectWithToast } from "../../lib/toast.server.ts";
import { useFreshOnNewNotice } from "../../lib/use-fresh-on-new-notice.ts";
import type { Route } from "./+types/favourites";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  if (!canBuy(user)) throw await redirectWithToast(context, "/", { type: "error", message: MESSAGES.toast.forbidden });
  const cursor = new URL(request.url).searchParams.get("cursor") ?? undefined;
  try {
    return await context.get(appContext).services.favourites.list(user, { cursor });
  } catch (error) {
    // A cursor that is not one of ours names a page that does not exist.
    if (isAppError(error) && error.code === "VALIDATION_FAILED") throw notFound(error.message);
    throw error;
  }
}

export const meta = () => [{ title: "Favourites — ReLaptop" }];

/** Every favourite on this page is saved, so each heart offers "Remove from favourites". */
export default function Favourites({ loaderData: { items, next } }: Route.ComponentProps) {
  useFreshOnNewNotice();
  const hearts = { mode: "buyer" as const, saved: items.map((f) => f.advertId) };
  return (
    <section className="flex max-w-3xl flex-col gap-4">
      <h1 className="text-3xl font-bold">Favourites</h1>
      {items.length === 0 ? (
        <p>
          Nothing saved yet. Press the heart on any laptop to keep it here and hear when its price drops or it sells.{" "}
          <Link to="/allAdd" className="link link-primary">
            Browse laptops
          </Link>
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {items.map((f) => {
            const change = priceChangeText(f.priceChangeCents, formatPrice);
            return (
              <AdvertRow
                key={f.advertId}
                imageUrl={f.imageUrl ?? "/favicon.svg"}
                title={
                  f.status === "gone" ? (
                    f.name
                  ) : (
                    <Link to={`/laptops/${f.advertId}`} className="link-hover">
                      {f.name}
                    </Link>
                  )
                }
              >
                <p className="flex flex-wrap items-center gap-2">
                  {f.priceCents !== null && <span className="font-semibold">{formatPrice(f.priceCents)}</span>}
                  <FollowedStatus status={f.status} />
                  {change && (
                    <span className={f.priceChangeCents && f.priceChangeCents < 0 ? "text-success" : ""}>{change}</span>
                  )}
                </p>
                <div className="card-actions items-center justify-between">
                  <span className="text-sm text-base-content/70">Saved at {formatPrice(f.savedPriceCents)}</span>
                  <FavouriteButton advertId={f.advertId} hearts={hearts} />
                </div>
              </AdvertRow>
            );
          })}
        </ul>
      )}
      <Pager nextCursor={next} />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
