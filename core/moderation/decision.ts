import type { Tx } from "../../db/client.ts";
import type { SessionUser } from "../accounts/index.ts";
import { recordAdminAction } from "../audit/index.ts";
import { announceModeration } from "../notifications/index.ts";

/**
 * An admin's answer to something on the moderation queue (reports, adverts held for review), in its
 * transaction: recorded on Admin activity, and every admin's open Reported Items reads itself again.
 */
export async function recordDecision(
  tx: Tx,
  admin: SessionUser,
  action: string,
  target: Parameters<typeof recordAdminAction>[3],
  summary: string,
) {
  await recordAdminAction(tx, admin.id, action, target, summary);
  await announceModeration(tx);
}
