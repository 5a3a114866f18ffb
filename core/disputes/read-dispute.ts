import type { Db, Tx } from "../../db/client.ts";
import type { DisputeView } from "../../schemas/disputes.ts";
import type { SessionUser } from "../accounts/index.ts";
import { disputeOnOrder } from "./dispute-access.ts";
import { exchangesOf, toDisputeView } from "./dispute-view.ts";

/**
 * The problem reported on an order, as its buyer, its seller and admins read it: the reason, the whole
 * exchange with its photos, who wrote each message and when, and the decision once an admin made it.
 * Its buyer and seller may write while it is open; admins only read (and decide). 404 for anyone else.
 */
export async function readDispute(q: Db | Tx, actor: SessionUser, orderId: string): Promise<DisputeView> {
  const { dispute, side } = await disputeOnOrder(q, actor, orderId);
  const messages = (await exchangesOf(q, [dispute.id])).get(dispute.id) ?? [];
  return toDisputeView(dispute, messages, side !== "admin" && dispute.decidedAt === null);
}
