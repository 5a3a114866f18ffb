import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { Actor } from "../../schemas/roles.ts";
import { unreadNoticesSql } from "../notifications/index.ts";
import { unreadMessagesSql } from "./inbox.ts";

/** The top bar's two counts, the bell's and Messages', in one statement: every signed-in page reads them. */
export async function unreadCounts(db: Db, user: Actor): Promise<{ notices: number; messages: number }> {
  const result = await db.execute<{ notices: number; messages: number }>(
    sql`select ${unreadNoticesSql(user.id)} as notices, ${unreadMessagesSql(user.id)} as messages`,
  );
  const [row] = (result as unknown as { rows: { notices: number; messages: number }[] }).rows;
  return { notices: Number(row?.notices ?? 0), messages: Number(row?.messages ?? 0) };
}
