import type { Db, Tx } from "../../db/client.ts";
import { adminActions } from "../../db/schema.ts";

/** Records an admin action (who, what, to what, when), in the caller's transaction when it has one. */
export async function recordAdminAction(
  db: Db | Tx,
  adminId: string,
  action: string,
  target: { type: "user" | "advert" | "brand"; id: string },
  summary: string,
) {
  await db.insert(adminActions).values({ adminId, action, targetType: target.type, targetId: target.id, summary });
}
