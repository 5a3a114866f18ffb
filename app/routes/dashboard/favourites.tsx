import { Link } from "react-router";
import { appContext } from "#app-context";
import { priceChangeText } from "../../../schemas/favourite-labels.ts";
import { MESSAGES } from "../../../schemas/messages.ts";
import { formatPrice } from "../../../schemas/money.ts";
import { canBuy } from "../../../schemas/roles.ts";
import { FavouriteButton } from "../../components/favourite-button.tsx";
import { FOLLOWED_LIST_CLASS, FollowedAdvertRow } from "../../components/followed-advert-row.tsx";
import { PagedList } from "../../components/pager.tsx";
import { RouteError } from "../../components/route-error.tsx";
import { keysetPage } from "../../lib/keyset-page.server.ts";
import { requireUser } from "../../lib/session.server.ts";
import { redirectWithToast } from "../../lib/toast.server.ts";
import { useFreshOnNewNotice } from "../../lib/use-fresh-on-new-notice.ts";
import type { Route } from "./+types/favourites";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  if (!canBuy(user)) throw await redirectWithToast(context, "/", { type: "error", message: MESSAGES.toast.forbidden });
  return keysetPage(request, (cursor) => context.get(appContext).services.favourites.list(user, { cursor }));
}

export const meta = () => [{ title: "Favourites — ReLaptop" }];

/** Every favourite on this page is saved, so each heart offers "Remove from favourites". */
export default function Favourites({ loaderData: page }: Route.ComponentProps) {
  useFreshOnNewNotice();
  const hearts = { mode: "buyer" as const, saved: page.items.map((f) => f.advertId) };
  return (
    <section className="flex max-w-5xl flex-col gap-4">
      <h1 className="text-3xl font-bold">Favourites</h1>
      <PagedList
        page={page}
        className={FOLLOWED_LIST_CLASS}
        empty={
          <p>
            Nothing saved yet. Press the heart on any laptop to keep it here and hear when its price drops or it sells.{" "}
            <Link to="/allAdd" className="link link-primary">
              Browse laptops
            </Link>
          </p>
        }
      >
        {(f) => {
          const change = priceChangeText(f.priceChangeCents, formatPrice);
          return (
            <FollowedAdvertRow
              key={f.advertId}
              advert={f}
              beside={
                change && (
                  <span className={f.priceChangeCents && f.priceChangeCents < 0 ? "text-success" : ""}>{change}</span>
                )
              }
            >
              <div className="card-actions items-center justify-between">
                <span className="text-sm text-base-content/70">Saved at {formatPrice(f.savedPriceCents)}</span>
                <FavouriteButton advertId={f.advertId} hearts={hearts} />
              </div>
            </FollowedAdvertRow>
          );
        }}
      </PagedList>
    </section>
  );
}

export const ErrorBoundary = RouteError;
