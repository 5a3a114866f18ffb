import { and, count, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { isUuid } from "../../db/errors.ts";
import { descAsIndexed } from "../../db/order.ts";
import { brands, savedSearches } from "../../db/schema/index.ts";
import {
  alreadySaved,
  CHOOSE_A_BRAND,
  type CreateSavedSearch,
  describeSearch,
  MAX_SAVED_SEARCHES,
  type SavedSearchView,
  TOO_MANY_SAVED_SEARCHES,
} from "../../schemas/saved-searches.ts";
import type { SearchParams } from "../../schemas/search.ts";
import { searchUrlEntries } from "../../schemas/search-url.ts";
import type { SavedSearchAlerts } from "../../schemas/values.ts";
import type { SessionUser } from "../accounts/index.ts";
import { savedSearchColumns, savedSearchFilters } from "../catalogue/index.ts";
import { AppError } from "../errors.ts";
import { listMatches } from "./matches.ts";

type Row = typeof savedSearches.$inferSelect;

const notFound = () => new AppError("NOT_FOUND", "This saved search does not exist.");

/** A saved search as /allAdd's search takes it (what opening it runs). */
export function toSearchParams(r: Row): SearchParams {
  return { ...savedSearchFilters(r), sort: r.sort as SearchParams["sort"], cursor: undefined };
}

function toView(r: Row, brandName: string | null): SavedSearchView {
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

/**
 * A person's saved searches: always their own (every query is by the session's account, so someone
 * else's is "not found"), at most 50 each.
 */
export function createSavedSearches({ db }: { db: Db }) {
  async function brandName(brandId: string | undefined) {
    if (!brandId) return null;
    const [b] = await db.select({ name: brands.name }).from(brands).where(eq(brands.id, brandId));
    return b?.name ?? null;
  }

  async function own(actor: SessionUser, id: string) {
    if (!isUuid(id)) throw notFound();
    const [found] = await db
      .select({ search: savedSearches, brandName: brands.name })
      .from(savedSearches)
      .leftJoin(brands, eq(brands.id, savedSearches.brandId))
      .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, actor.id)));
    if (!found) throw notFound();
    return found;
  }

  async function get(actor: SessionUser, id: string): Promise<SavedSearchView> {
    const { search, brandName } = await own(actor, id);
    return toView(search, brandName);
  }

  return {
    /** Newest first; at most 50 exist, so one page holds them all. */
    async list(actor: SessionUser): Promise<SavedSearchView[]> {
      const rows = await db
        .select({ search: savedSearches, brandName: brands.name })
        .from(savedSearches)
        .leftJoin(brands, eq(brands.id, savedSearches.brandId))
        .where(eq(savedSearches.userId, actor.id))
        .orderBy(descAsIndexed(savedSearches.createdAt), descAsIndexed(savedSearches.id))
        .limit(MAX_SAVED_SEARCHES);
      return rows.map((r) => toView(r.search, r.brandName));
    },

    get,

    /** What opening it runs: the catalogue's search with its parameters (a deleted brand finds nothing). */
    async searchOf(actor: SessionUser, id: string): Promise<SearchParams> {
      return toSearchParams((await own(actor, id)).search);
    },

    /** Saves a search (instant alerts unless told otherwise), named as given or after its filters. */
    async create(actor: SessionUser, input: CreateSavedSearch): Promise<SavedSearchView> {
      const brand = await brandName(input.brand);
      // A brand deleted later reads "a brand no longer listed"; one that never existed is a mistake.
      if (input.brand && brand === null)
        throw new AppError("VALIDATION_FAILED", CHOOSE_A_BRAND, { brand: CHOOSE_A_BRAND });
      const name = input.name ?? describeSearch(input, brand);
      const search = { ...savedSearchColumns(input), sort: input.sort };
      return db.transaction(async (tx) => {
        // One person's saves one at a time, so two at once cannot pass the limit together.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`saved-searches:${actor.id}`}))`);
        const [n] = await tx.select({ n: count() }).from(savedSearches).where(eq(savedSearches.userId, actor.id));
        if (Number(n?.n ?? 0) >= MAX_SAVED_SEARCHES) throw new AppError("CONFLICT", TOO_MANY_SAVED_SEARCHES);
        // The same search saved twice would only send every alert twice.
        const same = Object.entries(search).map(
          ([column, value]) => sql`${savedSearches[column as keyof typeof search]} is not distinct from ${value}`,
        );
        const [twin] = await tx
          .select({ name: savedSearches.name })
          .from(savedSearches)
          .where(and(eq(savedSearches.userId, actor.id), ...same))
          .limit(1);
        if (twin) throw new AppError("CONFLICT", alreadySaved(twin.name));
        const [row] = await tx
          .insert(savedSearches)
          .values({
            userId: actor.id,
            name,
            ...search,
            alerts: input.alerts ?? "instant",
          })
          .returning();
        return toView(row as Row, brand);
      });
    },

    /** Renames it and/or changes its alerts. */
    async update(actor: SessionUser, id: string, change: { name?: string; alerts?: SavedSearchAlerts }) {
      await own(actor, id);
      await db
        .update(savedSearches)
        .set({
          ...(change.name !== undefined && { name: change.name }),
          ...(change.alerts && { alerts: change.alerts }),
        })
        .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, actor.id)));
      return get(actor, id);
    },

    /** The laptops that matched my searches, newest first, in keyset pages. */
    matches: (actor: SessionUser, page: { cursor?: string; limit?: number } = {}) => listMatches(db, actor, page),

    async remove(actor: SessionUser, id: string): Promise<void> {
      await own(actor, id);
      await db.delete(savedSearches).where(and(eq(savedSearches.id, id), eq(savedSearches.userId, actor.id)));
    },
  };
}

export type SavedSearches = ReturnType<typeof createSavedSearches>;
