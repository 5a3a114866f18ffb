import { aliasedTable, and, eq, inArray, max, sql } from "drizzle-orm";
import { keysetCursor, ordered } from "../../db/order.ts";
import { adverts, conversationReports, conversations, users } from "../../db/schema/index.ts";
import { CONVERSATION_MESSAGES } from "../../schemas/conversation-labels.ts";
import type { ReportedConversation } from "../../schemas/moderation.ts";
import type { ReportReason } from "../../schemas/values.ts";
import { asParty, markReported } from "../conversations/index.ts";
import { reportTarget } from "./report-target.ts";

const buyer = aliasedTable(users, "buyer");
const seller = aliasedTable(users, "seller");

/**
 * Either of a conversation's two people reports it; admins may read it from then on (dismissed or not).
 * Admins see the reported ones most recently reported first, and dismiss the reports: there is nothing to
 * remove.
 */
export const reportedConversations = reportTarget({
  type: "conversation",
  noun: { one: "conversation", many: "conversations" },
  table: conversationReports,
  column: conversationReports.conversationId,
  async assertReportable(db, actor, conversationId) {
    await asParty(db, actor, conversationId);
  },
  async write(tx, actor, conversationId, { reason }: { reason: ReportReason }) {
    await tx.insert(conversationReports).values({ conversationId, reporterId: actor.id, reason });
    await markReported(tx, conversationId);
  },
  reportedTwice: CONVERSATION_MESSAGES.alreadyReported,

  listed: "conversations",
  cursor: keysetCursor(["time", "id"]),
  order: [ordered(sql`max(${conversationReports.createdAt})`, "timestamptz"), conversations.id],
  groups: (db, { having, orderBy, limit }) =>
    db
      .select({
        targetId: conversations.id,
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
      .having(having)
      .orderBy(...orderBy)
      .limit(limit),
  cursorOf: (g) => [new Date(g.lastReportedAt ?? 0), g.targetId],
  reportsOf: (db, ids) =>
    db
      .select({
        targetId: conversationReports.conversationId,
        reporterName: users.name,
        reason: conversationReports.reason,
      })
      .from(conversationReports)
      .innerJoin(users, eq(users.id, conversationReports.reporterId))
      .where(and(eq(conversationReports.status, "open"), inArray(conversationReports.conversationId, ids))),
  item: (g, open): ReportedConversation => ({
    id: g.targetId,
    advertName: g.advertName,
    buyer: { id: g.buyerId, name: g.buyerName },
    seller: { id: g.sellerId, name: g.sellerName },
    lastReportedAt: new Date(g.lastReportedAt ?? 0).toISOString(),
    reports: open.map(({ reporterName, reason }) => ({ reporterName, reason })),
  }),

  dismissal: { action: "dismiss-conversation-reports", of: "a conversation" },
});
