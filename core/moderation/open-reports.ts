import { desc } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { pastCursor } from "../../db/order.ts";
import { requireAdmin, type SessionUser } from "../accounts/index.ts";
import { AppError } from "../errors.ts";
import type { Keyed, ReportTarget } from "./report-target.ts";

const PAGE_SIZE = 50;

/**
 * Admins: the things of one kind with open reports, in the kind's order, in keyset pages (`next` is the
 * cursor of the one after, null on the last). The open reports are read through the table's partial index
 * on open reports, each page's own through its index of one report per person and thing.
 */
export async function openReports<G extends Keyed, R extends Keyed, Item, Listed extends string>(
  db: Db | Tx,
  target: ReportTarget<unknown, G, R, Item, Listed>,
  admin: SessionUser,
  { cursor, limit = PAGE_SIZE }: { cursor?: string; limit?: number } = {},
): Promise<{ [K in Listed]: Item[] } & { next: string | null }> {
  requireAdmin(admin);
  const after = cursor ? target.cursor.decode(cursor) : null;
  if (cursor && !after) {
    const message = `This page of reported ${target.noun.many} does not exist.`;
    throw new AppError("VALIDATION_FAILED", message, { cursor: message });
  }
  const size = Math.max(1, Math.min(limit, 100));
  const rows = await target.groups(db, {
    having: after ? pastCursor("desc", target.order, after) : undefined,
    orderBy: target.order.map((o) => desc("expression" in o ? o.expression : o)),
    limit: size + 1,
  });
  const groups = rows.slice(0, size);
  const last = groups.at(-1);
  const next = rows.length > size && last ? target.cursor.encode(...target.cursorOf(last)) : null;
  const ids = groups.map((g) => g.targetId);
  const reports = ids.length ? await target.reportsOf(db, ids) : [];
  const reportsOf = (g: G) => reports.filter((r) => r.targetId === g.targetId);
  const items = groups.map((g) => target.item(g, reportsOf(g)));
  return { [target.listed]: items, next } as { [K in Listed]: Item[] } & { next: string | null };
}
