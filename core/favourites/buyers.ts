import { FAVOURITE_MESSAGES } from "../../schemas/favourite-labels.ts";
import { type Actor, canBuy } from "../accounts/index.ts";
import { AppError } from "../errors.ts";

/** Whose favourites: every query is by this person's own id, so nobody reads or changes anyone else's. */
export type Saver = Pick<Actor, "id" | "role">;

/** Only the people who buy keep favourites (admins remove adverts; they do not shop). */
export function requireBuyer(person: Saver) {
  if (!canBuy(person)) throw new AppError("FORBIDDEN", FAVOURITE_MESSAGES.forbidden);
}
