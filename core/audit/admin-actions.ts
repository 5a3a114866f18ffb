import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { descAsIndexed } from "../../db/order.ts";
import { adminActions, users } from "../../db/schema/index.ts";
import { type Actor, requireAdmin } from "../accounts/index.ts";

/** Records an admin action (who, what, to what, when), in the caller's transaction when it has one. */
export async function recordAdminAction(
  db: Db | Tx,
  adminId: string,
  action: string,
  target: { type: "user" | "advert" | "brand" | "email" | "review" | "conversation" | "order"; id: string },
  summary: string,
) {
  await db.insert(adminActions).values({ adminId, action, targetType: target.type, targetId: target.id, summary });
}

/**
 * Records an admin action unless the same admin's same action on the same target is already recorded within
 * `within` (a PostgreSQL interval): for what a page repeats — reading — rather than what it changes. One
 * statement; two at the same instant may both be recorded, which only repeats an entry.
 */
export async function recordAdminActionOnce(
  db: Db | Tx,
  adminId: string,
  action: string,
  target: { type: "conversation"; id: string },
  summary: string,
  within: string,
) {
  await db.execute(sql`
    insert into ${adminActions} (admin_id, action, target_type, target_id, summary)
    select ${adminId}, ${action}, ${target.type}, ${target.id}, ${summary}
    where not exists (
      select 1 from ${adminActions}
      where ${adminActions.adminId} = ${adminId} and ${adminActions.action} = ${action}
        and ${adminActions.targetId} = ${target.id} and ${adminActions.at} > now() - ${within}::interval
    )`);
}

/** The admins' own record, newest first: who did what, to what, and when (page: Admin activity). */
export function createAudit({ db }: { db: Db }) {
  return {
    async recent(admin: Actor, limit = 100) {
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
    },
  };
}

/** The log's words for dismissing an item's open reports: "Dismissed 1 report", "Dismissed 3 reports of a review". */
export function dismissedReports(count: number, of?: "a conversation" | "a review"): string {
  return `Dismissed ${count} ${count === 1 ? "report" : "reports"}${of ? ` of ${of}` : ""}`;
}
