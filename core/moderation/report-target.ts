import type { SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../db/client.ts";
import type { keysetCursor, OrderExpression } from "../../db/order.ts";
import type { conversationReports, reports, reviewReports } from "../../db/schema/index.ts";
import type { SessionUser } from "../accounts/index.ts";

/** Each kind's reports: one row per reporter and thing, open until an admin dismisses them or acts. */
type ReportTable = typeof reports | typeof reviewReports | typeof conversationReports;

/** The rows every kind's list query gives: the reported thing's id first. */
export interface Keyed {
  targetId: string;
}

/** Where an admin's keyset page of reported things starts and how it is sorted (from `order`). */
interface GroupPage {
  having: SQL | undefined;
  orderBy: SQL[];
  limit: number;
}

/**
 * One kind of reported thing, as the report queue sees it. The queue's verbs (file-report.ts,
 * open-reports.ts, decide-reports.ts) do what is the same for every kind: one report per person and thing,
 * the admins' keyset pages, dismissal and removal, Admin activity and the admins' live page. An adapter
 * (reported-adverts.ts, reported-reviews.ts, reported-conversations.ts) says what differs.
 */
export interface ReportTarget<Input, Group extends Keyed, Report extends Keyed, Item, Listed extends string> {
  /** As Admin activity names it. */
  type: "advert" | "review" | "conversation";
  /** As the queue's messages name one of them, and a list of them. */
  noun: { one: string; many: string };
  table: ReportTable;
  /** The column of `table` naming the thing. */
  column: PgColumn;
  /** Throws what `actor` is told when they may not report it (it does not exist for them, it is their own). */
  assertReportable(db: Db | Tx, actor: SessionUser, id: string): Promise<void>;
  /** Writes the report, and whatever else a report changes, in the caller's transaction. */
  write(tx: Tx, actor: SessionUser, id: string, input: Input): Promise<void>;
  reportedTwice: string;

  /** The key of the reply's list ("groups", "reviews", "conversations"). */
  listed: Listed;
  cursor: ReturnType<typeof keysetCursor>;
  /** The list's order, all descending: its cursor holds these values of the last row shown. */
  order: (PgColumn | OrderExpression)[];
  /** The things with open reports, grouped, past the cursor, in `order`. */
  groups(db: Db | Tx, page: GroupPage): Promise<Group[]>;
  cursorOf(group: Group): (number | string | Date)[];
  /** The open reports of these things. */
  reportsOf(db: Db | Tx, ids: string[]): Promise<Report[]>;
  item(group: Group, reports: Report[]): Item;

  /** Admin activity's action for a dismissal, and what its summary says the reports were of. */
  dismissal: { action: string; of?: "a review" | "a conversation" };
  /** Tells the reporters what came of their reports (only laptops' reporters are told). */
  tellReporters?(tx: Tx, id: string, reporterIds: string[], outcome: "dismissed" | "actioned"): Promise<void>;
}

/** A kind an admin can take down (laptops, reviews); the others (conversations) are only dismissed. */
export interface Removable {
  /** Takes the thing down for `reason` and tells whom it belongs to; returns what Admin activity says of it. */
  remove(tx: Tx, admin: SessionUser, id: string, reason: string): Promise<string>;
  removal: { action: string };
}

/** Any kind, for the verbs that need none of its row types. */
export type AnyReportTarget = ReportTarget<unknown, Keyed, Keyed, unknown, string>;

/** An adapter, its row types read from its own queries. */
export function reportTarget<I, G extends Keyed, R extends Keyed, T, L extends string>(
  target: ReportTarget<I, G, R, T, L> & Removable,
): ReportTarget<I, G, R, T, L> & Removable;
export function reportTarget<I, G extends Keyed, R extends Keyed, T, L extends string>(
  target: ReportTarget<I, G, R, T, L>,
): ReportTarget<I, G, R, T, L>;
export function reportTarget<I, G extends Keyed, R extends Keyed, T, L extends string>(
  target: ReportTarget<I, G, R, T, L>,
) {
  return target;
}
