import { asc, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { disputeMessages, type disputes, users } from "../../db/schema/index.ts";
import type { DisputeMessageView, DisputeView } from "../../schemas/disputes.ts";
import { mediaUrl } from "../media/index.ts";

/** Who wrote a message whose account is gone (deleting an account never deletes the exchange). */
const GONE = { buyer: "The buyer", seller: "The seller", admin: "An admin" } as const;

/** The exchanges of these disputes, oldest message first, each with its author's name and photos' addresses. */
export async function exchangesOf(q: Db | Tx, disputeIds: string[]): Promise<Map<string, DisputeMessageView[]>> {
  const byDispute = new Map<string, DisputeMessageView[]>(disputeIds.map((id) => [id, []]));
  if (disputeIds.length === 0) return byDispute;
  const rows = await q
    .select({
      id: disputeMessages.id,
      disputeId: disputeMessages.disputeId,
      side: disputeMessages.side,
      name: users.name,
      body: disputeMessages.body,
      photoKeys: disputeMessages.photoKeys,
      at: disputeMessages.createdAt,
    })
    .from(disputeMessages)
    .leftJoin(users, eq(users.id, disputeMessages.authorId))
    .where(inArray(disputeMessages.disputeId, disputeIds))
    .orderBy(asc(disputeMessages.createdAt), asc(disputeMessages.id));
  for (const { disputeId, name, photoKeys, at, ...message } of rows) {
    byDispute.get(disputeId)?.push({
      ...message,
      authorName: name ?? GONE[message.side],
      photoUrls: photoKeys.map(mediaUrl),
      at: at.toISOString(),
    });
  }
  return byDispute;
}

/** A dispute row and its exchange as the API and the pages show it. */
export function toDisputeView(
  dispute: typeof disputes.$inferSelect,
  messages: DisputeMessageView[],
  canWrite: boolean,
): DisputeView {
  return {
    id: dispute.id,
    orderId: dispute.orderId,
    reason: dispute.reason,
    openedAt: dispute.createdAt.toISOString(),
    decision: dispute.decision,
    refundCents: dispute.refundCents,
    decisionReason: dispute.decisionReason,
    decidedAt: dispute.decidedAt?.toISOString() ?? null,
    messages,
    canWrite,
  };
}
