import { inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { advertProofs, adverts, conversationReports, reports, reviewReports } from "../../db/schema/index.ts";
import type { AdminToDo } from "../../schemas/to-do.ts";
import { requireAdmin, type SessionUser } from "../accounts/index.ts";
import { PROOF_WORTH_CHECKING } from "../catalogue/index.ts";

/**
 * Admins' counts of what waits on Reported Items and Proof photos (the dashboard and the menu), in one
 * statement: the adverts on the review queue (held or flagged, `adverts_flagged_idx`), the things — laptops,
 * reviews, conversations — with open reports (each table's partial index on open reports), and the proof photos
 * waiting of laptops that may still sell (`advert_proofs_pending_idx`).
 */
export async function moderationToDo(
  q: Db | Tx,
  admin: SessionUser,
): Promise<Pick<AdminToDo, "heldAdverts" | "openReports" | "proofPhotos">> {
  requireAdmin(admin);
  const result = await q.execute(sql`
    select
      (select count(*) from ${adverts} where ${adverts.flaggedAt} is not null)::int as held,
      ((select count(distinct ${reports.advertId}) from ${reports} where ${reports.status} = 'open')
        + (select count(distinct ${reviewReports.reviewId}) from ${reviewReports} where ${reviewReports.status} = 'open')
        + (select count(distinct ${conversationReports.conversationId}) from ${conversationReports}
            where ${conversationReports.status} = 'open'))::int as reports,
      (select count(*) from ${advertProofs} join ${adverts} on ${adverts.id} = ${advertProofs.advertId}
        where ${advertProofs.status} = 'pending' and ${inArray(adverts.status, PROOF_WORTH_CHECKING)})::int as proofs`);
  const [row] = (result as unknown as { rows: { held: number; reports: number; proofs: number }[] }).rows;
  return {
    heldAdverts: Number(row?.held ?? 0),
    openReports: Number(row?.reports ?? 0),
    proofPhotos: Number(row?.proofs ?? 0),
  };
}
