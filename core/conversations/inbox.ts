import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { isUuid } from "../../db/errors.ts";
import type { ConversationSummary, InboxPage } from "../../schemas/conversations.ts";
import type { SessionUser } from "../accounts/index.ts";
import { AppError } from "../errors.ts";
import { mediaUrl } from "../media/index.ts";

export const INBOX_PAGE_SIZE = 20;

/** A keyset cursor: the last row shown (its last activity in ms, and its id), opaque to clients. */
export const encodeCursor = (ms: number, id: string) => Buffer.from(`${ms}|${id}`).toString("base64url");
export function decodeCursor(cursor: string): { at: Date; id: string } | null {
  const [ms, id] = Buffer.from(cursor, "base64url").toString().split("|");
  const at = new Date(Number(ms));
  return id && isUuid(id) && ms && /^\d+$/.test(ms) && !Number.isNaN(at.getTime()) ? { at, id } : null;
}

interface InboxRow extends Record<string, unknown> {
  id: string;
  advert_id: string;
  advert_name: string;
  image_key: string;
  other_id: string;
  other_name: string;
  role: "buyer" | "seller";
  at_ms: number;
  preview: string;
  last_sender_id: string | null;
  unread: number;
}

/**
 * A person's conversations, newest activity first, as buyer and as seller together. Each side is read by
 * its own index up to one page, and the two are merged: however many conversations someone has, a page
 * costs two short index scans (bench/conversations-load.ts), never a sort of all of them.
 */
export async function inbox(
  db: Db,
  actor: SessionUser,
  { cursor, limit = INBOX_PAGE_SIZE }: { cursor?: string; limit?: number } = {},
): Promise<InboxPage> {
  const after = cursor ? decodeCursor(cursor) : null;
  if (cursor && !after) throw new AppError("VALIDATION_FAILED", "This page of conversations does not exist.");
  const size = Math.max(1, Math.min(limit, 100));
  const side = (me: "buyer_id" | "seller_id", other: "buyer_id" | "seller_id", role: "buyer" | "seller") => sql`(
    select id, advert_id, ${sql.raw(other)} as other_id, last_message_at, last_preview, last_sender_id,
           ${sql.raw(role === "buyer" ? "buyer_unread" : "seller_unread")} as unread, ${role}::text as role
    from conversations
    where ${sql.raw(me)} = ${actor.id}
      ${after ? sql`and (last_message_at < ${after.at.toISOString()} or (last_message_at = ${after.at.toISOString()} and id < ${after.id}))` : sql``}
    order by last_message_at desc, id desc
    limit ${size + 1})`;
  const result = await db.execute<InboxRow>(sql`
    select c.id, c.advert_id, a.name as advert_name, a.image_key, c.other_id, u.name as other_name, c.role,
           (extract(epoch from c.last_message_at) * 1000)::float8 as at_ms, c.last_preview as preview,
           c.last_sender_id, c.unread
    from (${side("buyer_id", "seller_id", "buyer")} union all ${side("seller_id", "buyer_id", "seller")}) c
    join adverts a on a.id = c.advert_id
    join users u on u.id = c.other_id
    order by c.last_message_at desc, c.id desc
    limit ${size + 1}`);
  const rows = (result as unknown as { rows: InboxRow[] }).rows;
  const page = rows.slice(0, size);
  const last = page.at(-1);
  return {
    items: page.map(
      (r): ConversationSummary => ({
        id: r.id,
        advert: { id: r.advert_id, name: r.advert_name, imageUrl: mediaUrl(r.image_key) },
        other: { id: r.other_id, name: r.other_name },
        role: r.role,
        lastMessageAt: new Date(Number(r.at_ms)).toISOString(),
        preview: r.preview,
        lastFromMe: r.last_sender_id === actor.id,
        unread: Number(r.unread),
      }),
    ),
    next: rows.length > size && last ? encodeCursor(Number(last.at_ms), last.id) : null,
  };
}

/** Unread messages in all of a person's conversations (the top bar), from the rows with any. */
export async function unreadMessages(db: Db | Tx, userId: string): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`
    select ((select coalesce(sum(buyer_unread), 0) from conversations where buyer_id = ${userId} and buyer_unread > 0)
          + (select coalesce(sum(seller_unread), 0) from conversations where seller_id = ${userId} and seller_unread > 0))::int as n`);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}
