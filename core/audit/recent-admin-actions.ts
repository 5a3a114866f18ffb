import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { descAsIndexed } from "../../db/order.ts";
import { adminActions, users } from "../../db/schema/index.ts";
import { type Actor, requireAdmin } from "../accounts/index.ts";

/** The admins' own record, newest first: who did what, to what, and when (page: Admin activity). */
export async function recentAdminActions(db: Db, admin: Actor, limit = 100) {
  requireAdmin(admin);
  return db
    .select({
      id: adminActions.id,
      action: adminActions.action,
      summary: adminActions.summary,
      at: adminActions.at,
      adminName: users.name,
    })
    .from(adminActions)
    .innerJoin(users, eq(users.id, adminActions.adminId))
    .orderBy(descAsIndexed(adminActions.at))
    .limit(limit);
}
