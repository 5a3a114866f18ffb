import { and, count, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
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
import type { SessionUser } from "../accounts/index.ts";
import { savedSearchColumns } from "../catalogue/index.ts";
import { AppError } from "../errors.ts";
import { type Row, toView } from "./saved-searches.ts";

/**
 * Saves a search (instant alerts unless told otherwise), named as given or after its filters: at most 50 per
 * person, and never the same search twice.
 */
export async function saveSearch(db: Db, actor: SessionUser, input: CreateSavedSearch): Promise<SavedSearchView> {
  const brand = await brandName(db, input.brand);
  // A brand deleted later reads "a brand no longer listed"; one that never existed is a mistake.
  if (input.brand && brand === null) throw new AppError("VALIDATION_FAILED", CHOOSE_A_BRAND, { brand: CHOOSE_A_BRAND });
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
      .values({ userId: actor.id, name, ...search, alerts: input.alerts ?? "instant" })
      .returning();
    return toView(row as Row, brand);
  });
}

async function brandName(db: Db, brandId: string | undefined) {
  if (!brandId) return null;
  const [b] = await db.select({ name: brands.name }).from(brands).where(eq(brands.id, brandId));
  return b?.name ?? null;
}
