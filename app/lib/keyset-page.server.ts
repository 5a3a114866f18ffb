import { isAppError } from "../../core/errors.ts";
import { notFound } from "./not-found.server.ts";

/**
 * A keyset list's page, from the `cursor` in the page's address (none: the first page). A cursor that is not
 * one of ours names a page that does not exist: the list's 404, in its own words.
 */
export async function keysetPage<T>(request: Request, read: (cursor: string | undefined) => Promise<T>): Promise<T> {
  const cursor = new URL(request.url).searchParams.get("cursor") ?? undefined;
  return pageOrNotFound(() => read(cursor));
}

/**
 * Reading pages by cursors the address carries, however many and whatever their names: a cursor the core
 * refuses (VALIDATION_FAILED) names a page that does not exist, the 404 in the core's words.
 */
export async function pageOrNotFound<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (isAppError(error) && error.code === "VALIDATION_FAILED") throw notFound(error.message);
    throw error;
  }
}
