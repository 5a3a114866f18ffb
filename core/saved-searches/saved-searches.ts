import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { descAsIndexed } from "../../db/order.ts";
import { brands, savedSearches } from "../../db/schema/index.ts";
import {
  describeSearch,
  MAX_SAVED_SEARCHES,
  NO_SAVED_SEARCH,
  type SavedSearchView,
} from "../../schemas/saved-searches.ts";
import type { SearchParams } from "../../schemas/search.ts";
import { searchUrlEntries } from "../../schemas/search-url.ts";
import type { SessionUser } from "../accounts/index.ts";
import { savedSearchFilters } from "../catalogue/index.ts";
import { AppError } from "../errors.ts";

export type Row = typeof savedSearches.$inferSelect;

/** A saved search as /allAdd's search takes it (what opening it runs). */
export function toSearchParams(r: Row): SearchParams {
  return { ...savedSearchFilters(r), sort: r.sort as SearchParams["sort"], cursor: undefined };
}

export function toView(r: Row, brandName: string | null): SavedSearchView {
  const params = Object.fromEntries(searchUrlEntries(toSearchParams(r)));
  const query = new URLSearchParams(params).toString();
  return {
    id: r.id,
    name: r.name,
    alerts: r.alerts,
    params,
    url: query ? `/allAdd?${query}` : "/allAdd",
    summary: describeSearch({ ...toSearchParams(r), brand: r.brandId }, brandName),
    createdAt: r.createdAt.toISOString(),
  };
}

/*
 * A person's saved searches: always their own (every query is by the session's account, so someone else's is
 * "not found"), at most 50 each.
 */

/** One of the actor's own saved searches, with its brand's name; someone else's, or none, is "not found". */
export async function ownSavedSearch(db: Db, actor: SessionUser, id: string) {
  const [found] = await db
    .select({ search: savedSearches, brandName: brands.name })
    .from(savedSearches)
    .leftJoin(brands, eq(brands.id, savedSearches.brandId))
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, actor.id)));
  if (!found) throw new AppError("NOT_FOUND", NO_SAVED_SEARCH);
  return found;
}

/** Newest first; at most 50 exist, so one page holds them all. */
export async function listSavedSearches(db: Db, actor: SessionUser): Promise<SavedSearchView[]> {
  const rows = await db
    .select({ search: savedSearches, brandName: brands.name })
    .from(savedSearches)
    .leftJoin(brands, eq(brands.id, savedSearches.brandId))
    .where(eq(savedSearches.userId, actor.id))
    .orderBy(descAsIndexed(savedSearches.createdAt), descAsIndexed(savedSearches.id))
    .limit(MAX_SAVED_SEARCHES);
  return rows.map((r) => toView(r.search, r.brandName));
}

export async function getSavedSearch(db: Db, actor: SessionUser, id: string): Promise<SavedSearchView> {
  const { search, brandName } = await ownSavedSearch(db, actor, id);
  return toView(search, brandName);
}

/** What opening it runs: the catalogue's search with its parameters (a deleted brand finds nothing). */
export async function savedSearchParams(db: Db, actor: SessionUser, id: string): Promise<SearchParams> {
  return toSearchParams((await ownSavedSearch(db, actor, id)).search);
}
