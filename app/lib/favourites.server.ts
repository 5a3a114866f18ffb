import type { RouterContextProvider } from "react-router";
import { appContext } from "#app-context";
import { canBuy } from "../../schemas/roles.ts";
import { getUser } from "./session.server.ts";
import type { Hearts } from "./use-personal-data.ts";

/**
 * The hearts of a page of cards: for a visitor, a login form (the same for every visitor, so the page
 * can still be cached for them); for a buyer, which of these laptops they saved — one query for the
 * page, never one per card — and, for a seller, which are their own (no heart: nobody saves their own); for
 * an admin, none; on a list page kept for every buyer, which to ask about once the page has loaded (root.tsx).
 */
export async function heartsFor(
  request: Request,
  context: Readonly<RouterContextProvider>,
  advertIds: string[],
): Promise<Hearts> {
  const user = await getUser(request, context);
  if (!user) return { mode: "visitor" };
  if (!canBuy(user)) return { mode: "none" };
  const { services, forEveryone } = context.get(appContext);
  if (forEveryone) return { mode: "later", ids: advertIds };
  const hearts = await services.favourites.heartsAmong(user, advertIds);
  return hearts ? { mode: "buyer", ...hearts } : { mode: "none" };
}
