import { FAVOURITE_STATUS_LABELS, type FavouriteStatus } from "../../schemas/favourite-labels.ts";

const BADGES: Record<FavouriteStatus, string> = {
  available: "badge-success",
  booked: "badge-info",
  sold: "badge-neutral",
  gone: "badge-ghost",
};

/** A followed laptop's status now (a favourite, a saved search's match), as one badge on every list. */
export function FollowedStatus({ status }: { status: FavouriteStatus }) {
  return <span className={`badge ${BADGES[status]}`}>{FAVOURITE_STATUS_LABELS[status]}</span>;
}
