import { aliasedTable, and, desc, eq, inArray, max, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { keysetCursor, ordered, pastCursor } from "../../db/order.ts";
import { adverts, conversationBlocks, conversationReports, conversations, users } from "../../db/schema/index.ts";
import { CONVERSATION_MESSAGES as M } from "../../schemas/conversation-labels.ts";
import { BAD_REPORTED_CONVERSATIONS_CURSOR, type ReportedConversation } from "../../schemas/conversations.ts";
import type { ReportReason } from "../../schemas/values.ts";
import { requireAdmin, type SessionUser } from "../accounts/index.ts";
import { dismissedReports, recordAdminAction } from "../audit/index.ts";
import { AppError } from "../errors.ts";
import { announceModeration } from "../notifications/index.ts";
import { announce } from "./live.ts";
import { assertConversationId, conversationNotFound } from "./not-found.ts";

const buyer = aliasedTable(users, "buyer");
const seller = aliasedTable(users, "seller");

export const REPORTED_CONVERSATIONS_PAGE_SIZE = 50;

/** A keyset cursor: the last conversation shown (when it was last reported in epoch ms, its id), opaque. */
const cursors = keysetCursor(["time", "id"]);

/**
 * The order of the reported conversations, most recently reported first, then by id (so no two tie): one
 * direction throughout, so a page's cursor is one row comparison in HAVING.
 */
const lastReported = sql`max(${conversationReports.createdAt})`;
const reportedOrder = [ordered(lastReported, "timestamptz"), conversations.id];

/** One of the conversation's two people, and the other; anyone else is told it does not exist. */
async function asParty(db: Db, actor: SessionUser, id: string) {
  assertConversationId(id);
  const [c] = await db
    .select({ id: conversations.id, buyerId: conversations.buyerId, sellerId: conversations.sellerId })
    .from(conversations)
    .where(eq(conversations.id, id));
  if (!c || (c.buyerId !== actor.id && c.sellerId !== actor.id)) throw conversationNotFound();
  return { ...c, otherId: c.buyerId === actor.id ? c.sellerId : c.buyerId };
}

/**
 * What either person can do about the other: block them (no more messages either way, in any of their
 * conversations) and report the conversation, which puts it on admins' Reported Items and lets admins
 * read it from then on.
 */
export function createSafety({ db }: { db: Db }) {
  return {
    async block(actor: SessionUser, conversationId: string) {
      const c = await asParty(db, actor, conversationId);
      await db.transaction(async (tx) => {
        await tx.insert(conversationBlocks).values({ blockerId: actor.id, blockedId: c.otherId }).onConflictDoNothing();
        await announce(tx, [c.buyerId, c.sellerId], c.id);
      });
    },

    /** Only the one who blocked can lift it. */
    async unblock(actor: SessionUser, conversationId: string) {
      const c = await asParty(db, actor, conversationId);
      await db.transaction(async (tx) => {
        await tx
          .delete(conversationBlocks)
          .where(and(eq(conversationBlocks.blockerId, actor.id), eq(conversationBlocks.blockedId, c.otherId)));
        await announce(tx, [c.buyerId, c.sellerId], c.id);
      });
    },

    async report(actor: SessionUser, conversationId: string, reason: ReportReason) {
      const c = await asParty(db, actor, conversationId);
      await db.transaction(async (tx) => {
        try {
          await tx.insert(conversationReports).values({ conversationId: c.id, reporterId: actor.id, reason });
        } catch (error) {
          if (isUniqueViolation(error)) throw new AppError("CONFLICT", M.alreadyReported);
          throw error;
        }
        await tx
          .update(conversations)
          .set({ reportedAt: sql`coalesce(${conversations.reportedAt}, now())` })
          .where(eq(conversations.id, c.id));
        await announceModeration(tx);
      });
    },

    /**
     * Admins: conversations with open reports, most recently reported first, in keyset pages (`next` is the
     * cursor of the one after, null on the last). The open reports are read through
     * `conversation_reports_open_idx`, each page's own through `conversation_reports_once_idx`.
     */
    async reported(
      admin: SessionUser,
      { cursor, limit = REPORTED_CONVERSATIONS_PAGE_SIZE }: { cursor?: string; limit?: number } = {},
    ): Promise<{ conversations: ReportedConversation[]; next: string | null }> {
      requireAdmin(admin);
      const after = cursor ? cursors.decode(cursor) : null;
      if (cursor && !after) {
        throw new AppError("VALIDATION_FAILED", BAD_REPORTED_CONVERSATIONS_CURSOR, {
          cursor: BAD_REPORTED_CONVERSATIONS_CURSOR,
        });
      }
      const size = Math.max(1, Math.min(limit, 100));
      const rows = await db
        .select({
          id: conversations.id,
          advertName: adverts.name,
          buyerId: buyer.id,
          buyerName: buyer.name,
          sellerId: seller.id,
          sellerName: seller.name,
          lastReportedAt: max(conversationReports.createdAt),
        })
        .from(conversationReports)
        .innerJoin(conversations, eq(conversations.id, conversationReports.conversationId))
        .innerJoin(adverts, eq(adverts.id, conversations.advertId))
        .innerJoin(buyer, eq(buyer.id, conversations.buyerId))
        .innerJoin(seller, eq(seller.id, conversations.sellerId))
        .where(eq(conversationReports.status, "open"))
        .groupBy(conversations.id, adverts.name, buyer.id, buyer.name, seller.id, seller.name)
        .having(after ? pastCursor("desc", reportedOrder, after) : undefined)
        .orderBy(desc(lastReported), desc(conversations.id))
        .limit(size + 1);
      const groups = rows.slice(0, size);
      const last = groups.at(-1);
      const next =
        rows.length > size && last?.lastReportedAt ? cursors.encode(new Date(last.lastReportedAt), last.id) : null;
      const ids = groups.map((g) => g.id);
      const reports = ids.length
        ? await db
            .select({
              conversationId: conversationReports.conversationId,
              reporterName: users.name,
              reason: conversationReports.reason,
            })
            .from(conversationReports)
            .innerJoin(users, eq(users.id, conversationReports.reporterId))
            .where(and(eq(conversationReports.status, "open"), inArray(conversationReports.conversationId, ids)))
        : [];
      return {
        conversations: groups.map((g) => ({
          id: g.id,
          advertName: g.advertName,
          buyer: { id: g.buyerId, name: g.buyerName },
          seller: { id: g.sellerId, name: g.sellerName },
          lastReportedAt: new Date(g.lastReportedAt ?? 0).toISOString(),
          reports: reports
            .filter((r) => r.conversationId === g.id)
            .map(({ reporterName, reason }) => ({ reporterName, reason })),
        })),
        next,
      };
    },

    /** An admin read it and found nothing to do: off the list. Admins may still read it (it was reported). */
    async dismiss(admin: SessionUser, conversationId: string) {
      requireAdmin(admin);
      assertConversationId(conversationId);
      await db.transaction(async (tx) => {
        const closed = await tx
          .update(conversationReports)
          .set({ status: "dismissed" })
          .where(and(eq(conversationReports.conversationId, conversationId), eq(conversationReports.status, "open")))
          .returning({ id: conversationReports.id });
        if (closed.length === 0) throw new AppError("NOT_FOUND", "There are no open reports for this conversation.");
        await recordAdminAction(
          tx,
          admin.id,
          "dismiss-conversation-reports",
          { type: "conversation", id: conversationId },
          dismissedReports(closed.length, "a conversation"),
        );
        await announceModeration(tx);
      });
    },
  };
}
