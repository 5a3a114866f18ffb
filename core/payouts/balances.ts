import { and, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { descAsIndexed, keysetCursor, pastCursor } from "../../db/order.ts";
import { ledgerEntries, orders, payouts } from "../../db/schema/index.ts";
import { totalCents } from "../../schemas/delivery-labels.ts";
import { BAD_PAYOUTS_CURSOR, type Balances, type PayoutLine } from "../../schemas/payouts.ts";
import { AppError } from "../errors.ts";
import { natural, SELLER_ACCOUNTS } from "../ledger/index.ts";

export const PAYOUT_LINES_PAGE = 50;
const cursors = keysetCursor(["time", "id"]);

/**
 * A seller's balances, as sums of their ledger entries (one statement): Pending (protection window or
 * dispute), Available (final, not yet transferred), On its way (transfers started), Paid out (landed, less
 * what was taken back after a refund).
 */
export async function sellerBalances(q: Db, sellerId: string): Promise<Balances> {
  const [row] = await q
    .select({
      pending: sql<string>`-coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.account} = 'seller_pending'), 0)`,
      available: sql<string>`-coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.account} = 'seller_available'), 0)`,
      onItsWay: sql<string>`-coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.account} = 'payouts'), 0)`,
      sent: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.account} = 'payouts' and ${ledgerEntries.movement} = 'payoutSent'), 0)`,
      takenBack: sql<string>`-coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.account} = 'reversals' and ${ledgerEntries.movement} = 'transferReversed'), 0)`,
    })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.sellerId, sellerId), isNotNull(ledgerEntries.sellerId)));
  return {
    pendingCents: Number(row?.pending ?? 0),
    availableCents: Number(row?.available ?? 0),
    onItsWayCents: Number(row?.onItsWay ?? 0),
    paidOutCents: Number(row?.sent ?? 0) - Number(row?.takenBack ?? 0),
  };
}

/** Where an order's share is, from its balances and its payout. */
function whereIs(balances: Map<string, number>, payout: { status: string } | undefined): PayoutLine["where"] {
  if ((balances.get("seller_pending") ?? 0) !== 0) return "pending";
  if ((balances.get("seller_available") ?? 0) !== 0) return "available";
  if ((balances.get("payouts") ?? 0) !== 0) return "on_its_way";
  if (payout?.status === "paid") return "paid_out";
  return "refunded";
}

/**
 * The seller's orders that took money (paid, whatever happened next), newest first, a page at a time from
 * `orders_seller_newest_idx`, each with where its share is: three statements a page, whatever its length.
 * Each line adds up as the seller reads it — charged, less what went back to the buyer, less the fee ReLaptop
 * keeps, is theirs — read from the order's ledger balances: after a partial refund the fee is the smaller one
 * the refund left (core/ledger/postings.ts), after a whole refund none.
 */
export async function payoutLines(q: Db, sellerId: string, cursor?: string, limit = PAYOUT_LINES_PAGE) {
  const after = cursor ? cursors.decode(cursor) : null;
  if (cursor && !after) throw new AppError("VALIDATION_FAILED", BAD_PAYOUTS_CURSOR, { cursor: BAD_PAYOUTS_CURSOR });
  const rows = await q
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.sellerId, sellerId),
        isNotNull(orders.feeCents),
        after ? pastCursor("desc", [orders.createdAt, orders.id], after) : undefined,
      ),
    )
    .orderBy(descAsIndexed(orders.createdAt), descAsIndexed(orders.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const ids = page.map((o) => o.id);
  const [sums, transfers] = ids.length
    ? await Promise.all([
        q
          .select({
            orderId: sql<string>`${ledgerEntries.orderId}`,
            account: ledgerEntries.account,
            sum: sql<string>`sum(${ledgerEntries.amountCents})`,
          })
          .from(ledgerEntries)
          .where(inArray(ledgerEntries.orderId, ids))
          .groupBy(ledgerEntries.orderId, ledgerEntries.account),
        q.select().from(payouts).where(inArray(payouts.orderId, ids)).orderBy(desc(payouts.createdAt)),
      ])
    : [[], []];
  const balances = new Map<string, Map<string, number>>();
  for (const s of sums) {
    const b = balances.get(s.orderId) ?? new Map<string, number>();
    b.set(s.account, Number(s.sum));
    balances.set(s.orderId, b);
  }
  const payoutOf = new Map(transfers.map((p) => [p.orderId, p]));
  const lines: PayoutLine[] = page.map((o) => {
    const b = balances.get(o.id) ?? new Map<string, number>();
    const payout = payoutOf.get(o.id);
    const held = -SELLER_ACCOUNTS.reduce((sum, account) => sum + (b.get(account) ?? 0), 0);
    const where = whereIs(b, payout);
    const chargedCents = totalCents(o);
    const feeCents = natural("platform_fees", b.get("platform_fees") ?? 0);
    // What the seller has here now: held in their accounts, or transferred.
    const earnedCents = where === "paid_out" ? (payout?.amountCents ?? 0) : Math.max(held, 0);
    return {
      orderId: o.id,
      orderNumber: o.number,
      productName: o.productName,
      orderStatus: o.status,
      chargedCents,
      refundedCents: chargedCents - feeCents - earnedCents,
      feeCents,
      earnedCents,
      where,
      payoutStatus: payout?.status ?? null,
      payoutError: payout?.status === "failed" ? payout.lastError : null,
      paidAt: payout?.paidAt?.toISOString() ?? null,
      orderedAt: o.createdAt.toISOString(),
    };
  });
  const last = page.at(-1);
  return { lines, next: rows.length > limit && last ? cursors.encode(last.createdAt, last.id) : null };
}

/** The seller's transfers that failed and wait for a retry, with why. */
export async function failedPayouts(q: Db, sellerId: string) {
  return q
    .select({
      orderNumber: orders.number,
      amountCents: payouts.amountCents,
      reason: sql<string>`coalesce(${payouts.lastError}, '')`,
    })
    .from(payouts)
    .innerJoin(orders, eq(orders.id, payouts.orderId))
    .where(and(eq(payouts.sellerId, sellerId), eq(payouts.status, "failed")))
    .limit(20);
}
