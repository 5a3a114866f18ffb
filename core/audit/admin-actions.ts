import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { adminActions } from "../../db/schema/index.ts";

/** Records an admin action (who, what, to what, when), in the caller's transaction when it has one. */
export async function recordAdminAction(
  db: Db | Tx,
  adminId: string,
  action: string,
  target: { type: "user" | "advert" | "brand" | "email" | "review" | "conversation" | "order" | "serial"; id: string },
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

/** The log's words for dismissing an item's open reports: "Dismissed 1 report", "Dismissed 3 reports of a review". */
export function dismissedReports(count: number, of?: "a conversation" | "a review"): string {
  return `Dismissed ${count} ${count === 1 ? "report" : "reports"}${of ? ` of ${of}` : ""}`;
}
