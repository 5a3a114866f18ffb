import { randomUUID } from "node:crypto";
import { inArray, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { ledgerEntries } from "../../db/schema/index.ts";
import type { LedgerAccount } from "./accounts.ts";
import { type Entry, type OrderBalances, type OrderMoney, POSTINGS } from "./postings.ts";

/** An entry as written: whose payable and which order it concerns, when it has them. */
export interface Posting extends Entry {
  sellerId?: string | null;
  orderId?: string | null;
}

/**
 * Writes groups of entries, each summing to zero (refused otherwise: a programming error, never saved), in the
 * caller's transaction: the movement commits with what caused it, or not at all. One statement for all groups.
 */
export async function post(tx: Tx, movement: string, groups: Posting[][]) {
  const rows = groups.flatMap((entries) => {
    const sum = entries.reduce((total, e) => total + e.amountCents, 0);
    if (sum !== 0) throw new Error(`${movement}: a ledger group must sum to zero, not ${sum}`);
    if (!entries.every((e) => Number.isSafeInteger(e.amountCents))) throw new Error(`${movement}: cents only`);
    const groupId = randomUUID();
    return entries
      .filter((e) => e.amountCents !== 0)
      .map((e) => ({
        groupId,
        account: e.account,
        sellerId: e.sellerId ?? null,
        orderId: e.orderId ?? null,
        amountCents: e.amountCents,
        movement,
      }));
  });
  if (rows.length > 0) await tx.insert(ledgerEntries).values(rows);
}

/** The accounts that belong to the order's seller (their entries carry the seller's id). */
export const SELLER_ACCOUNTS: readonly LedgerAccount[] = ["seller_pending", "seller_available", "payouts", "reversals"];

/** Each order's balances, in one statement. */
export async function orderBalances(tx: Tx, orderIds: string[]): Promise<Map<string, OrderBalances>> {
  const balances = new Map<string, OrderBalances>();
  if (orderIds.length === 0) return balances;
  const rows = await tx
    .select({
      orderId: sql<string>`${ledgerEntries.orderId}`,
      account: ledgerEntries.account,
      sum: sql<string>`sum(${ledgerEntries.amountCents})`,
      transferred: sql<string>`-coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.movement} = 'payoutSent'), 0)`,
    })
    .from(ledgerEntries)
    .where(inArray(ledgerEntries.orderId, orderIds))
    .groupBy(ledgerEntries.orderId, ledgerEntries.account);
  for (const row of rows) {
    const b = balances.get(row.orderId) ?? {};
    b[row.account] = Number(row.sum);
    if (row.account === "clearing") b.transferredCents = Number(row.transferred);
    balances.set(row.orderId, b);
  }
  return balances;
}

/**
 * Writes what a transition does to these orders' money (postings.ts), one group per order, in the transaction
 * that moves them. Nothing for a transition that moves no money.
 */
export async function postTransition(
  tx: Tx,
  transition: string,
  moved: (OrderMoney & { id: string; sellerId: string })[],
) {
  const postings = POSTINGS[transition];
  if (!postings || moved.length === 0) return;
  // A payment is an order's first movement: nothing to read.
  const balances =
    transition === "pay"
      ? new Map()
      : await orderBalances(
          tx,
          moved.map((o) => o.id),
        );
  await post(
    tx,
    transition,
    moved.map((order) =>
      postings(order, balances.get(order.id) ?? {}).map((entry) => ({
        ...entry,
        orderId: order.id,
        sellerId: SELLER_ACCOUNTS.includes(entry.account) ? order.sellerId : null,
      })),
    ),
  );
}
