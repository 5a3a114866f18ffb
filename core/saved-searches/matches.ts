import { and, count, eq, gt } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { descAsIndexed, keysetCursor, pastCursor } from "../../db/order.ts";
import { adverts, savedSearches, savedSearchMatches } from "../../db/schema/index.ts";
import { followedStatus } from "../../schemas/favourite-labels.ts";
import { BAD_MATCHES_CURSOR, type SavedSearchMatch } from "../../schemas/saved-searches.ts";
import type { SessionUser } from "../accounts/index.ts";
import { AppError } from "../errors.ts";
import { bookedNow } from "../favourites/index.ts";
import { mediaUrl } from "../media/index.ts";

export const MATCHES_PAGE_SIZE = 20;

/** A keyset cursor: the last match shown (when, which search, which laptop), opaque to clients. */
const cursors = keysetCursor(["time", "id", "id"]);

/**
 * A page of a person's matches (the first, or the one past a cursor): the page of matches first, straight from
 * `saved_search_matches_newest_idx` in its order, then each one's laptop and search — so a person with
 * thousands of matches costs what one with twenty does.
 */
export function savedSearchMatchesQuery(db: Db, userId: string, after: string[] | null, limit: number) {
  const order = [savedSearchMatches.matchedAt, savedSearchMatches.savedSearchId, savedSearchMatches.advertId];
  const mine = db
    .select()
    .from(savedSearchMatches)
    .where(and(eq(savedSearchMatches.userId, userId), after ? pastCursor("desc", order, after) : undefined))
    .orderBy(...order.map(descAsIndexed))
    .limit(limit)
    .as("mine");
  return db
    .select({
      advertId: mine.advertId,
      searchId: mine.savedSearchId,
      matchedAt: mine.matchedAt,
      name: adverts.name,
      imageKey: adverts.imageKey,
      status: adverts.status,
      priceCents: adverts.resalePriceCents,
      searchName: savedSearches.name,
      booked: bookedNow(mine.advertId),
    })
    .from(mine)
    .innerJoin(adverts, eq(adverts.id, mine.advertId))
    .innerJoin(savedSearches, eq(savedSearches.id, mine.savedSearchId))
    .orderBy(descAsIndexed(mine.matchedAt), descAsIndexed(mine.savedSearchId), descAsIndexed(mine.advertId));
}

/**
 * The laptops that matched my saved searches, newest first, each with the search it matched and its status
 * now: what "See all" in the alert emails opens. Always the caller's own (by the session's account).
 */
export async function listMatches(
  db: Db,
  actor: SessionUser,
  { cursor, limit = MATCHES_PAGE_SIZE }: { cursor?: string; limit?: number } = {},
): Promise<{ items: SavedSearchMatch[]; next: string | null }> {
  const after = cursor ? cursors.decode(cursor) : null;
  if (cursor && !after) throw new AppError("VALIDATION_FAILED", BAD_MATCHES_CURSOR, { cursor: BAD_MATCHES_CURSOR });
  const rows = await savedSearchMatchesQuery(db, actor.id, after, limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => {
      const status = followedStatus(r.status, r.booked);
      const gone = status === "gone";
      return {
        advertId: r.advertId,
        name: r.name,
        imageUrl: gone || !r.imageKey ? null : mediaUrl(r.imageKey),
        status,
        priceCents: gone ? null : r.priceCents,
        searchId: r.searchId,
        searchName: r.searchName,
        matchedAt: r.matchedAt.toISOString(),
      };
    }),
    next: rows.length > limit && last ? cursors.encode(last.matchedAt, last.searchId, last.advertId) : null,
  };
}

/** "New" on the dashboard: matched within the last week. */
export const NEW_MATCH_DAYS = 7;

/**
 * How many laptops matched my saved searches in the last week (the dashboard's count): a range of
 * `saved_search_matches_newest_idx`, the caller's own.
 */
export async function countNewMatches(db: Db, actor: SessionUser, now = new Date()): Promise<number> {
  const since = new Date(now.getTime() - NEW_MATCH_DAYS * 24 * 60 * 60 * 1000);
  const [row] = await db
    .select({ n: count() })
    .from(savedSearchMatches)
    .where(and(eq(savedSearchMatches.userId, actor.id), gt(savedSearchMatches.matchedAt, since)));
  return Number(row?.n ?? 0);
}
