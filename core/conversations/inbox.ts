import { aliasedTable, and, eq, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../db/client.ts";
import { compiledRows } from "../../db/compiled-rows.ts";
import { descAsIndexed, keysetCursor, pastCursor } from "../../db/order.ts";
import { preparedOnce } from "../../db/prepared-once.ts";
import { adverts, conversations, users } from "../../db/schema/index.ts";
import type { ConversationSummary, InboxPage } from "../../schemas/conversations.ts";
import type { SessionUser } from "../accounts/index.ts";
import { AppError } from "../errors.ts";
import { mediaUrl } from "../media/index.ts";

export const INBOX_PAGE_SIZE = 20;

/** A keyset cursor: the last row shown (its last activity, and its id), opaque to clients. */
const cursors = keysetCursor(["time", "id"]);

const other = aliasedTable(users, "other");

/**
 * One side of a person's conversations (as buyer, or as seller), newest activity first, read in order from
 * its index (tests/integration/keyset-plans.test.ts checks that no page sorts them all). Only the
 * conversation's own columns: the laptop and the other person are joined to the merged page alone.
 */
function inboxSide(db: Db, role: "buyer" | "seller", next: boolean) {
  const mine = role === "buyer" ? conversations.buyerId : conversations.sellerId;
  const theirs = role === "buyer" ? conversations.sellerId : conversations.buyerId;
  const unread = role === "buyer" ? conversations.buyerUnread : conversations.sellerUnread;
  const pastPage = pastCursor(
    "desc",
    [conversations.lastMessageAt, conversations.id],
    [sql.placeholder("at"), sql.placeholder("id")],
  );
  return db
    .select({
      id: conversations.id,
      advertId: conversations.advertId,
      // Named alike on both sides (a union's columns take its first part's names), and apart from the joined
      // tables' columns: the outer select names a subquery's expressions without qualifying them.
      otherId: sql<string>`${theirs}`.as("other_id"),
      lastMessageAt: conversations.lastMessageAt,
      preview: conversations.lastPreview,
      lastSenderId: conversations.lastSenderId,
      unread: sql<number>`${unread}`.as("my_unread"),
      role: sql<typeof role>`${sql.raw(`'${role}'`)}`.as("my_side"),
    })
    .from(conversations)
    .where(and(eq(mine, sql.placeholder("me")), next ? pastPage : undefined))
    .orderBy(descAsIndexed(conversations.lastMessageAt), descAsIndexed(conversations.id))
    .limit(sql.placeholder("limit"));
}

/**
 * One page of both sides in one statement: each side read by its own index up to one page, the two merged
 * in their order and cut to one page, and only then each row's laptop and other person joined. Joining
 * before the cut looked up (and sent, and decoded) twice the rows a page shows (bench/conversations.ts).
 */
export function inboxQuery(db: Db, next: boolean) {
  const page = unionAll(inboxSide(db, "buyer", next), inboxSide(db, "seller", next))
    .orderBy(sql`last_message_at desc nulls last`, sql`id desc nulls last`)
    .limit(sql.placeholder("limit"))
    .as("page");
  return db
    .select({
      id: page.id,
      lastMessageAt: page.lastMessageAt,
      preview: page.preview,
      lastSenderId: page.lastSenderId,
      unread: page.unread,
      role: page.role,
      advert: { id: page.advertId, name: adverts.name, imageKey: adverts.imageKey },
      other: { id: other.id, name: other.name },
    })
    .from(page)
    .innerJoin(adverts, eq(adverts.id, page.advertId))
    .innerJoin(other, eq(other.id, page.otherId))
    .orderBy(descAsIndexed(page.lastMessageAt), descAsIndexed(page.id));
}

const statements = preparedOnce((db) => ({
  first: compiledRows(inboxQuery(db, false).prepare("inbox_first")),
  next: compiledRows(inboxQuery(db, true).prepare("inbox_next")),
}));

/**
 * A person's conversations, newest activity first, as buyer and as seller together: however many
 * conversations someone has, a page costs two short index scans, one page of lookups and one round trip
 * (bench/conversations.ts). Read where quick reads go (db/quick-reads.ts), by statements prepared once: the
 * database plans them once per connection (planning cost more than running them).
 */
export async function inbox(
  reads: Db,
  actor: SessionUser,
  { cursor, limit = INBOX_PAGE_SIZE }: { cursor?: string; limit?: number } = {},
): Promise<InboxPage> {
  const after = cursor ? cursors.decode(cursor) : null;
  if (cursor && !after) throw new AppError("VALIDATION_FAILED", "This page of conversations does not exist.");
  const size = Math.max(1, Math.min(limit, 100));
  const [at, id] = after ?? [];
  const rows = await statements(reads)[after ? "next" : "first"].execute({ me: actor.id, limit: size + 1, at, id });
  const shown = rows.slice(0, size);
  const last = shown.at(-1);
  return {
    items: shown.map(
      (r): ConversationSummary => ({
        id: r.id,
        advert: { id: r.advert.id, name: r.advert.name, imageUrl: mediaUrl(r.advert.imageKey) },
        other: r.other,
        role: r.role,
        lastMessageAt: r.lastMessageAt.toISOString(),
        preview: r.preview,
        lastFromMe: r.lastSenderId === actor.id,
        unread: r.unread,
      }),
    ),
    next: rows.length > size && last ? cursors.encode(last.lastMessageAt, last.id) : null,
  };
}

/**
 * Unread messages in all of a person's conversations (the top bar), from the rows with any: an expression,
 * so the top bar reads it with the bell's count in one statement (server/services.ts, unreadCounts).
 */
export const unreadMessagesSql = (userId: string) => sql<number>`
    ((select coalesce(sum(buyer_unread), 0) from conversations where buyer_id = ${userId} and buyer_unread > 0)
      + (select coalesce(sum(seller_unread), 0) from conversations where seller_id = ${userId} and seller_unread > 0))::int`;

export async function unreadMessages(db: Db | Tx, userId: string): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`select ${unreadMessagesSql(userId)} as n`);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}
