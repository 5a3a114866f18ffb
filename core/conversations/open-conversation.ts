import { aliasedTable, and, count, eq, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { compiledRows } from "../../db/compiled-rows.ts";
import { descAsIndexed, keysetCursor, pastCursor } from "../../db/order.ts";
import { preparedOnce } from "../../db/prepared-once.ts";
import {
  adverts,
  conversationBlocks,
  conversationReports,
  conversations,
  messages,
  users,
} from "../../db/schema/index.ts";
import { CONVERSATION_MESSAGES as M } from "../../schemas/conversation-labels.ts";
import type { ThreadView } from "../../schemas/conversations.ts";
import { isAdmin, type SessionUser } from "../accounts/index.ts";
import { recordAdminActionOnce } from "../audit/index.ts";
import { AppError } from "../errors.ts";
import { mediaUrl } from "../media/index.ts";
import { readNoticesAbout } from "../notifications/index.ts";
import { announce } from "./live.ts";
import { conversationNotFound } from "./not-found.ts";

export const THREAD_PAGE_SIZE = 50;
/** An admin's readings of one reported conversation within this long are one entry on Admin activity. */
export const READING_RECORDED_FOR = "10 minutes";

/** A keyset cursor: the oldest message shown (when it was written, and its id), opaque to clients. */
const cursors = keysetCursor(["time", "id"]);

const buyer = aliasedTable(users, "buyer");
const seller = aliasedTable(users, "seller");

/** A conversation with its laptop and people, whether either blocked the other, and whether I reported it. */
const conversationQuery = (db: Db) =>
  db
    .select({
      conversation: conversations,
      advert: {
        id: adverts.id,
        name: adverts.name,
        imageKey: adverts.imageKey,
        priceCents: adverts.resalePriceCents,
        status: adverts.status,
      },
      buyer: { id: buyer.id, name: buyer.name, deactivatedAt: buyer.deactivatedAt },
      seller: { id: seller.id, name: seller.name, deactivatedAt: seller.deactivatedAt },
      blockedByBuyer: sql<boolean>`exists (select 1 from ${conversationBlocks} where ${conversationBlocks.blockerId} = ${buyer.id} and ${conversationBlocks.blockedId} = ${seller.id})`,
      blockedBySeller: sql<boolean>`exists (select 1 from ${conversationBlocks} where ${conversationBlocks.blockerId} = ${seller.id} and ${conversationBlocks.blockedId} = ${buyer.id})`,
      reportedByMe: sql<boolean>`exists (select 1 from ${conversationReports} where ${conversationReports.conversationId} = ${conversations.id} and ${conversationReports.reporterId} = ${sql.placeholder("me")})`,
    })
    .from(conversations)
    .innerJoin(adverts, eq(adverts.id, conversations.advertId))
    .innerJoin(buyer, eq(buyer.id, conversations.buyerId))
    .innerJoin(seller, eq(seller.id, conversations.sellerId))
    .where(eq(conversations.id, sql.placeholder("id")));

/** The newest messages of a conversation, or those before a cursor, read in order from its index. */
export const messagesQuery = (db: Db, next: boolean) =>
  db
    .select({ id: messages.id, senderId: messages.senderId, body: messages.body, createdAt: messages.createdAt })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, sql.placeholder("id")),
        next
          ? pastCursor("desc", [messages.createdAt, messages.id], [sql.placeholder("at"), sql.placeholder("before")])
          : undefined,
      ),
    )
    .orderBy(descAsIndexed(messages.createdAt), descAsIndexed(messages.id))
    .limit(THREAD_PAGE_SIZE + 1);

/**
 * One of its people read the conversation up to the newest message their page shows: one sent after its
 * messages were read stays unread (the open page is told of it and reads itself again). When it was read,
 * or null when a newer message came first.
 */
async function markRead(
  db: Db | Tx,
  actor: SessionUser,
  c: typeof conversations.$inferSelect,
  viewer: "buyer" | "seller",
  newestShown: Date | null,
): Promise<Date | null> {
  // Never earlier than the last message, whatever the clocks of this process and the database say.
  const now = new Date(Math.max(Date.now(), c.lastMessageAt.getTime(), newestShown?.getTime() ?? 0));
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(conversations)
      .set(viewer === "buyer" ? { buyerUnread: 0, buyerReadAt: now } : { sellerUnread: 0, sellerReadAt: now })
      .where(and(eq(conversations.id, c.id), newestShown ? lte(conversations.lastMessageAt, newestShown) : undefined))
      .returning({ id: conversations.id });
    if (updated.length === 0) return null;
    await announce(tx, [c.buyerId, c.sellerId], c.id);
    await readNoticesAbout(tx, actor.id, { type: "conversation", id: c.id });
    return now;
  });
}

const statements = preparedOnce((reads) => ({
  open: compiledRows(conversationQuery(reads).prepare("conversation_open")),
  newest: compiledRows(messagesQuery(reads, false).prepare("conversation_messages_first")),
  older: compiledRows(messagesQuery(reads, true).prepare("conversation_messages_next")),
}));

/**
 * A conversation page: its newest messages (or those before `before`), oldest first, with who wrote them
 * and whether the other person has seen mine. Who may read it: its two people; an admin only once it was
 * reported (Reported Items), never before — anyone else is told it does not exist, so its existence is
 * private too. Opening it as one of its people reads it: the unread count goes to zero and the other
 * person's page learns (live) that their messages were seen. Its reads where quick reads go
 * (db/quick-reads.ts), by statements prepared once; its writes (the reading, an admin's record) on `db`.
 */
export async function openConversation(
  db: Db | Tx,
  reads: Db,
  actor: SessionUser,
  id: string,
  { before }: { before?: string } = {},
): Promise<ThreadView> {
  const cursor = before ? cursors.decode(before) : null;
  if (before && !cursor) throw new AppError("NOT_FOUND", "These messages do not exist.");
  const { open, newest, older } = statements(reads);
  // The conversation and its messages asked for at once (one round trip on the pipelined connection);
  // the messages are only returned once the conversation says who may read them.
  const [[row], rows] = await Promise.all([
    open.execute({ id, me: actor.id }),
    cursor ? older.execute({ id, at: cursor[0], before: cursor[1] }) : newest.execute({ id }),
  ]);
  const c = row?.conversation;
  const viewer = !c
    ? null
    : c.buyerId === actor.id
      ? ("buyer" as const)
      : c.sellerId === actor.id
        ? ("seller" as const)
        : isAdmin(actor) && c.reportedAt
          ? ("admin" as const)
          : null;
  if (!row || !c || !viewer) throw conversationNotFound();
  const { advert, buyer: b, seller: s } = row;

  if (viewer !== "admin") {
    const readAt = viewer === "buyer" ? c.buyerReadAt : c.sellerReadAt;
    // Older pages follow the first: only the newest page reads.
    const newestShown = cursor ? null : (rows[0]?.createdAt ?? null);
    const read = !readAt || readAt < c.lastMessageAt ? await markRead(db, actor, c, viewer, newestShown) : null;
    if (read && viewer === "buyer") c.buyerReadAt = read;
    else if (read) c.sellerReadAt = read;
  }

  // What an admin reading it may still do about it (Dismiss); its two people are not told.
  const [reports] =
    viewer === "admin"
      ? await reads
          .select({ open: count() })
          .from(conversationReports)
          .where(and(eq(conversationReports.conversationId, c.id), eq(conversationReports.status, "open")))
      : [];
  if (viewer === "admin")
    // Private messages, open to admins only because someone reported them: an admin's reading is on the
    // record (Admin activity) as each admin action is — once the messages were read, any page of them, and
    // once per admin and conversation in READING_RECORDED_FOR (a page reads itself again after any action).
    await recordAdminActionOnce(
      db,
      actor.id,
      "read-reported-conversation",
      { type: "conversation", id: c.id },
      `Read the reported conversation between ${b.name} and ${s.name} about “${advert.name}”`,
      READING_RECORDED_FOR,
    );
  const page = rows.slice(0, THREAD_PAGE_SIZE);
  const oldest = page.at(-1);
  const me = viewer === "seller" ? s.id : b.id;
  const otherReadAt = viewer === "seller" ? c.buyerReadAt : c.sellerReadAt;
  const names = { [b.id]: b.name, [s.id]: s.name };
  const blocked = row.blockedByBuyer || row.blockedBySeller;
  const notice = blocked ? M.blocked : b.deactivatedAt || s.deactivatedAt ? M.deleted : null;

  return {
    id: c.id,
    viewer,
    advert: {
      id: advert.id,
      name: advert.name,
      imageUrl: mediaUrl(advert.imageKey),
      priceCents: advert.priceCents,
      status: advert.status,
    },
    buyer: { id: b.id, name: b.name },
    seller: { id: s.id, name: s.name },
    messages: page.reverse().map((m) => ({
      id: m.id,
      sender: { id: m.senderId, name: names[m.senderId] ?? "" },
      mine: viewer !== "admin" && m.senderId === me,
      body: m.body,
      createdAt: m.createdAt.toISOString(),
      seen: viewer !== "admin" && m.senderId === me && otherReadAt !== null && otherReadAt >= m.createdAt,
    })),
    older: rows.length > THREAD_PAGE_SIZE && oldest ? cursors.encode(oldest.createdAt, oldest.id) : null,
    canWrite: viewer !== "admin" && notice === null,
    notice: viewer === "admin" ? null : notice,
    blockedByMe: viewer === "buyer" ? row.blockedByBuyer : viewer === "seller" ? row.blockedBySeller : false,
    reportedByMe: viewer !== "admin" && row.reportedByMe,
    openReports: reports?.open ?? 0,
  };
}
