import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { savedSearches } from "../../db/schema/index.ts";
import type { SavedSearchView } from "../../schemas/saved-searches.ts";
import type { SavedSearchAlerts } from "../../schemas/values.ts";
import type { SessionUser } from "../accounts/index.ts";
import { getSavedSearch, ownSavedSearch } from "./saved-searches.ts";

/** Renames one of the actor's saved searches and/or changes its alerts; someone else's is "not found". */
export async function changeSavedSearch(
  db: Db,
  actor: SessionUser,
  id: string,
  change: { name?: string; alerts?: SavedSearchAlerts },
): Promise<SavedSearchView> {
  await ownSavedSearch(db, actor, id);
  await db
    .update(savedSearches)
    .set({
      ...(change.name !== undefined && { name: change.name }),
      ...(change.alerts && { alerts: change.alerts }),
    })
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, actor.id)));
  return getSavedSearch(db, actor, id);
}

/** Deletes one of the actor's saved searches, and its matches with it; someone else's is "not found". */
export async function deleteSavedSearch(db: Db, actor: SessionUser, id: string): Promise<void> {
  await ownSavedSearch(db, actor, id);
  await db.delete(savedSearches).where(and(eq(savedSearches.id, id), eq(savedSearches.userId, actor.id)));
}
