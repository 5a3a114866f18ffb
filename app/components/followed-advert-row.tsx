import type { ReactNode } from "react";
import { FAVOURITE_STATUS_LABELS, type FavouriteStatus } from "../../schemas/favourite-labels.ts";
import { formatPrice } from "../../schemas/money.ts";
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
}

/**
 * A followed laptop as a row of its list (Favourites, a saved search's matches): its name links to its page
 * while it has one (not once it is gone), then its price and its status now, with what the list adds `beside`
 * them; `children` follow under that line.
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
