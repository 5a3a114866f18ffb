/**
 * Favourites' words and statuses, without zod: the heart on every card imports them, and a card must not
 * bring the schema library into a visitor's page (the JavaScript budget, tests/e2e/budget.spec.ts).
 */

import { CATALOGUE_MESSAGES } from "./messages.ts";
import type { AdvertStatus } from "./values.ts";

export const FAVOURITE_STATUSES = ["available", "booked", "sold", "gone"] as const;
export type FavouriteStatus = (typeof FAVOURITE_STATUSES)[number];

/**
 * A laptop's status as someone following it reads it (a favourite, a saved search's match). Held for review
 * or rejected: not public, so gone for them (it comes back if approved). `booked`: an open order that is not
 * yet a sale.
 */
export function followedStatus(status: AdvertStatus | null, booked: boolean): FavouriteStatus {
  if (status === null || status === "withdrawn" || status === "pending_review" || status === "rejected") return "gone";
  return status === "sold" ? "sold" : booked ? "booked" : "available";
}

/** What each status reads as, on the page and in the API's docs. */
export const FAVOURITE_STATUS_LABELS: Record<FavouriteStatus, string> = {
  available: "Available",
  booked: "Booked",
  sold: "Sold",
  gone: "No longer for sale",
};

export const FAVOURITE_MESSAGES = {
  notFound: CATALOGUE_MESSAGES.laptopNotFound,
  notSaved: "This laptop is not in your favourites.",
  forbidden: "Admins do not keep favourites.",
  own: "This is your own laptop: you cannot save it to your favourites.",
  badCursor: "This page of favourites does not exist.",
  saved: "Saved to your favourites.",
  removed: "Removed from your favourites.",
  loginToSave: "Log in to save this laptop to your favourites.",
  signUpToSave: "Create your account and this laptop is saved to your favourites.",
  save: "Save to favourites",
  remove: "Remove from favourites",
} as const;

/** "↓ $40 since you saved it": the price change as a person reads it (null when there is none). */
export function priceChangeText(changeCents: number | null, format: (cents: number) => string): string | null {
  if (!changeCents) return null;
  return `${changeCents < 0 ? "↓" : "↑"} ${format(Math.abs(changeCents))} since you saved it`;
}
