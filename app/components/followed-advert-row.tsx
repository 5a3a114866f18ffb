import type { ReactNode } from "react";
import type { AdvertCard as Card } from "../../schemas/catalogue.ts";
import { FAVOURITE_STATUS_LABELS, type FavouriteStatus } from "../../schemas/favourite-labels.ts";
import { formatPrice } from "../../schemas/money.ts";
import { AdvertCard } from "./advert-card.tsx";
import { AdvertRow } from "./advert-row.tsx";
import { LaptopLink } from "./laptop-link.tsx";

const BADGES: Record<FavouriteStatus, string> = {
  available: "badge-success",
  booked: "badge-info",
  sold: "badge-neutral",
  gone: "badge-ghost",
};

/** A followed laptop's status now (a favourite, a saved search's match), as one badge on every list. */
function FollowedStatus({ status }: { status: FavouriteStatus }) {
  return <span className={`badge ${BADGES[status]}`}>{FAVOURITE_STATUS_LABELS[status]}</span>;
}

/** What a list of followed laptops knows of each: enough for its row, whether or not it is still there. */
export interface FollowedAdvert {
  advertId: string;
  name: string;
  imageUrl: string | null;
  priceCents: number | null;
  status: FavouriteStatus;
  /** Its card while it has a page; null once it is gone. */
  card: Card | null;
}

/** A list of followed laptops lays them out as the catalogue's grid does: a column of rows on phones. */
export const FOLLOWED_LIST_CLASS = "grid grid-cols-1 gap-3 sm:grid-cols-2";

/**
 * A followed laptop in its list (Favourites, a saved search's matches): while it has a page, the same card as
 * everywhere else; once it is gone, a row with the name it had, unlinked. Then its status now, with what the
 * list adds `beside` it; `children` follow under that line.
 */
export function FollowedAdvertRow({
  advert: a,
  beside,
  children,
}: {
  advert: FollowedAdvert;
  beside?: ReactNode;
  children: ReactNode;
}) {
  const status = (
    <p className="flex flex-wrap items-center gap-2">
      <FollowedStatus status={a.status} />
      {beside}
    </p>
  );
  if (a.card)
    return (
      <li>
        <AdvertCard advert={a.card} heading="h2">
          <div className="flex flex-col gap-2 pt-1">
            {status}
            {children}
          </div>
        </AdvertCard>
      </li>
    );
  return (
    <AdvertRow
      imageUrl={a.imageUrl ?? "/favicon.svg"}
      title={a.status === "gone" ? a.name : <LaptopLink id={a.advertId} name={a.name} />}
    >
      <p className="flex flex-wrap items-center gap-2">
        {a.priceCents !== null && <span className="font-semibold">{formatPrice(a.priceCents)}</span>}
        <FollowedStatus status={a.status} />
        {beside}
      </p>
      {children}
    </AdvertRow>
  );
}
