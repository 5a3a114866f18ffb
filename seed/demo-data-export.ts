import { prepareExport } from "../core/privacy/index.ts";
import { dataExports } from "../db/schema/index.ts";
import type { Core } from "../server/services.ts";

/**
 * Bea asked for her data and it is ready: her profile shows "Download (ZIP)" with until when, and her bell the
 * notice. Seeding runs before the job queue starts, so the request's row is written here and its job's work done
 * at once (the same prepareExport the queue runs); stamped now, it works for the next EXPORT_LINK_HOURS.
 */
export async function seedReadyExport(s: Core, buyerId: string) {
  const [request] = await s.runtime.db.insert(dataExports).values({ userId: buyerId }).returning();
  if (!request) throw new Error("the demo's export request was not recorded");
  await prepareExport(s.runtime.db, s.services.media, request.id);
}
