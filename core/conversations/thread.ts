import { aliasedTable, and, desc, eq, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { isUuid } from "../../db/errors.ts";
import { adverts, conversationReports, conversations, messages, users } from "../../db/schema.ts";
import { CONVERSATION_MESSAGES as M } from "../../schemas/conversation-labels.ts";
import type { ThreadView } from "../../schemas/conversations.ts";
import { isAdmin, type SessionUser } from "../accounts/index.ts";
import { AppError } from "../errors.ts";
import { mediaUrl } from "../media/index.ts";
import { decodeCursor, encodeCursor } from "./inbox.ts";
import { announce } from "./live.ts";
import { blockBetween } from "./send.ts";

export const THREAD_PAGE_SIZE = 50;

const buyer = aliasedTable(users, "buyer");
const seller = aliasedTable(users, "seller");

/**
 * Who may read a conversation: its two people; an admin only once it was reported (Reported Items), never
 * before. Anyone else is told it does not exist, so its existence is private too.
 */
export async function readable(db: Db, actor: SessionUser, id: string) {
  if (!isUuid(id)) throw new AppError("NOT_FOUND", M.notFound);
  const [row] = await db
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
    })
    .from(conversations)
    .innerJoin(adverts, eq(adverts.id, conversations.advertId))
    .innerJoin(buyer, eq(buyer.id, conversations.buyerId))
    .innerJoin(seller, eq(seller.id, conversations.sellerId))
    .where(eq(conversations.id, id));
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
  if (!row || !viewer) throw new AppError("NOT_FOUND", M.notFound);
  return { ...row, viewer };
}

/**
 * A conversation page: its newest messages (or those before `before`), oldest first, with who wrote them
 * and whether the other person has seen mine. Opening it as one of its people reads it: the unread count
 * goes to zero and the other person's page learns (live) that their messages were seen.
 */
export async function openThread(
  db: Db,
  actor: SessionUser,
  id: string,
  { before }: { before?: string } = {},
): Promise<ThreadView> {
  const { conversation: c, advert, buyer: b, seller: s, viewer } = await readable(db, actor, id);
  const cursor = before ? decodeCursor(before) : null;
  if (before && !cursor) throw new AppError("NOT_FOUND", "These messages do not exist.");

  if (viewer !== "admin") {
    const readAt = viewer === "buyer" ? c.buyerReadAt : c.sellerReadAt;
    if (!readAt || readAt < c.lastMessageAt) {
      // Never earlier than the last message, whatever the clocks of this process and the database say.
      const now = new Date(Math.max(Date.now(), c.lastMessageAt.getTime()));
      await db.transaction(async (tx) => {
        await tx
          .update(conversations)
          .set(viewer === "buyer" ? { buyerUnread: 0, buyerReadAt: now } : { sellerUnread: 0, sellerReadAt: now })
          .where(eq(conversations.id, c.id));
        await announce(tx, [c.buyerId, c.sellerId], c.id);
      });
      if (viewer === "buyer") c.buyerReadAt = now;
      else c.sellerReadAt = now;
    }
  }

  const rows = await db
    .select({ id: messages.id, senderId: messages.senderId, body: messages.body, createdAt: messages.createdAt })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, c.id),
        cursor
          ? or(lt(messages.createdAt, cursor.at), and(eq(messages.createdAt, cursor.at), lt(messages.id, cursor.id)))
          : undefined,
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(THREAD_PAGE_SIZE + 1);
  const page = rows.slice(0, THREAD_PAGE_SIZE);
  const oldest = page.at(-1);

  const me = viewer === "seller" ? s.id : b.id;
  const otherReadAt = viewer === "seller" ? c.buyerReadAt : c.sellerReadAt;
  const names = { [b.id]: b.name, [s.id]: s.name };
  const block = await blockBetween(db, b.id, s.id);
  const blockedByMe = viewer === "buyer" ? block.byA : viewer === "seller" ? block.byB : false;
  const [reported] =
    viewer === "admin"
      ? []
      : await db
          .select({ one: sql`1` })
          .from(conversationReports)
          .where(and(eq(conversationReports.conversationId, c.id), eq(conversationReports.reporterId, actor.id)));
  const gone = b.deactivatedAt || s.deactivatedAt;
  const notice = block.byA || block.byB ? M.blocked : gone ? M.deleted : null;

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
    older: rows.length > THREAD_PAGE_SIZE && oldest ? encodeCursor(oldest.createdAt.getTime(), oldest.id) : null,
    canWrite: viewer !== "admin" && notice === null,
    notice: viewer === "admin" ? null : notice,
    blockedByMe,
    reportedByMe: Boolean(reported),
  };
}
