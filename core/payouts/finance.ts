import type { Db, Tx } from "../../db/client.ts";
import type { FinanceReply } from "../../schemas/payouts.ts";
import { requireAdmin, type SessionUser } from "../accounts/index.ts";
import { financeReport } from "../ledger/index.ts";
import { failedTransfers } from "./failed-transfers.ts";

/** Admins' Finance: 90 days of figures, failed transfers, and the ledger's check. */
export async function finance(q: Db | Tx, actor: SessionUser, now = new Date()): Promise<FinanceReply> {
  requireAdmin(actor);
  const [{ days, check }, failed] = await Promise.all([financeReport(q, now), failedTransfers(q)]);
  const sum = (pick: (d: (typeof days)[number]) => number) => days.reduce((s, d) => s + pick(d), 0);
  const last = days.at(-1);
  return {
    days,
    totals: {
      salesCents: sum((d) => d.salesCents),
      feesCents: sum((d) => d.feesCents),
      refundsCents: sum((d) => d.refundsCents),
      payoutsCents: sum((d) => d.payoutsCents),
      pendingCents: last?.pendingCents ?? 0,
      availableCents: last?.availableCents ?? 0,
    },
    failedTransfers: failed,
    check,
  };
}
