import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { requireAdmin, type SessionUser } from "../accounts/index.ts";
import { dismissedReports } from "../audit/index.ts";
import { AppError } from "../errors.ts";
import { recordDecision } from "./decision.ts";
import type { AnyReportTarget, Removable } from "./report-target.ts";

/** Closes the thing's open reports; returns who had made them. */
async function closeReports(tx: Tx, target: AnyReportTarget, id: string, status: "dismissed" | "actioned") {
  const closed = await tx
    .update(target.table)
    .set({ status })
    .where(and(eq(target.column, id), eq(target.table.status, "open")))
    .returning({ reporterId: target.table.reporterId });
  return closed.map((r) => r.reporterId);
}

/** Nothing wrong: the thing's open reports close (its reporters told, where they are). */
export async function dismissReports(db: Db | Tx, target: AnyReportTarget, admin: SessionUser, id: string) {
  requireAdmin(admin);
  await db.transaction(async (tx) => {
    const reporters = await closeReports(tx, target, id, "dismissed");
    if (reporters.length === 0) {
      throw new AppError("NOT_FOUND", `There are no open reports for this ${target.noun.one}.`);
    }
    await target.tellReporters?.(tx, id, reporters, "dismissed");
    const summary = dismissedReports(reporters.length, target.dismissal.of);
    await recordDecision(tx, admin, target.dismissal.action, { type: target.type, id }, summary);
  });
}

/**
 * Takes the thing down with the reason whom it belongs to reads; its open reports close as acted on (its
 * reporters told, where they are).
 */
export async function removeReported(
  db: Db | Tx,
  target: AnyReportTarget & Removable,
  admin: SessionUser,
  id: string,
  reason: string,
) {
  requireAdmin(admin);
  await db.transaction(async (tx) => {
    const summary = await target.remove(tx, admin, id, reason);
    const reporters = await closeReports(tx, target, id, "actioned");
    await target.tellReporters?.(tx, id, reporters, "actioned");
    await recordDecision(tx, admin, target.removal.action, { type: target.type, id }, summary);
  });
}
