import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import { appContext } from "#app-context";
import { isAppError } from "../../core/errors.ts";
import type { Saver } from "../../core/favourites/index.ts";
import { readCookie } from "./cookies.ts";

/**
 * A heart pressed by a visitor: the laptop goes with them to the login page, on to sign-up or Google if
 * that is how they get an account, and is saved once they have one.
 */
export const pendingFavourite = (value: unknown): string | null => z.uuid().safeParse(value).data ?? null;

/**
 * Through Google the laptop waits in a cookie of our own, set by the form post that leaves for Google and
 * read where Google sends them back: a link to that return address cannot save a laptop for whoever opens it.
 */
const COOKIE = "relaptop_pending_favourite";
const RETURN_PATH = "/auth/google";

export function pendingFavouriteCookie(context: Readonly<RouterContextProvider>, advertId: string | null): string {
  const secure = context.get(appContext).secureCookies ? "; Secure" : "";
  const value = advertId ? `${advertId}; Max-Age=900` : "; Max-Age=0";
  return `${COOKIE}=${value}; Path=${RETURN_PATH}; HttpOnly; SameSite=Lax${secure}`;
}

export function pendingFavouriteFromCookie(request: Request): string | null {
  return pendingFavourite(readCookie(request, COOKIE));
}

/** Saves it for the account that has just arrived; a laptop gone meanwhile is no reason to refuse them in. */
export async function saveOnArrival(
  context: Readonly<RouterContextProvider>,
  user: Saver,
  advertId: string | null,
): Promise<void> {
  if (!advertId) return;
  await context
    .get(appContext)
    .services.favourites.save(user, advertId)
    .catch((error: unknown) => {
      if (!isAppError(error)) throw error;
    });
}
