import { and, eq, inArray, lte, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orders, payments, payoutAccounts, payouts } from "../../db/schema/index.ts";
import { post } from "../ledger/index.ts";
import { notify } from "../notifications/index.ts";
import { PayoutRefused } from "./payout-refused.ts";
import { PAYOUT_TRANSITIONS, type PayoutTransition, retryDelayMs, SENDING_STALE_MS } from "./payout-states.ts";
import type { PayoutProvider } from "./provider.ts";

/** At most this many transfers per run. */
const BATCH = 100;

const UNREACHABLE = "The payout provider could not be reached. We will try again.";

type PayoutRow = typeof payouts.$inferSelect;

/** The payouts a transition may move: those in a state it leaves (payout-states.ts). A run that moved one first wins. */
const leaving = (transition: PayoutTransition) => inArray(payouts.status, [...PAYOUT_TRANSITIONS[transition].from]);
const to = (transition: PayoutTransition) => PAYOUT_TRANSITIONS[transition].to;

/**
 * Takes the due payouts `where` says and moves them through `transition` into its in-flight state, in one
 * statement that skips rows another process holds: two workers never send the same payout at once.
 */
async function claim(db: Db, transition: PayoutTransition, now: Date, where: ReturnType<typeof and>) {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: payouts.id })
      .from(payouts)
      .where(and(leaving(transition), where))
      .orderBy(payouts.nextAttemptAt)
      .limit(BATCH)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(payouts)
      .set({ status: to(transition), attempts: sql`${payouts.attempts} + 1`, updatedAt: now })
      .where(
        inArray(
          payouts.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
}

/**
 * Sends every payout that is due: new ones, failed ones whose backoff is over, and any a crash left `sending`
 * (sent again with the same key: the provider answers with the first transfer). Each transfer's result is
 * recorded in its own transaction with its ledger group and the seller's notice. Returns how many landed.
 */
export async function sendDuePayouts(db: Db, provider: PayoutProvider, now = new Date()): Promise<number> {
  const stale = new Date(now.getTime() - SENDING_STALE_MS);
  const claimed = await claim(
    db,
    "send",
    now,
    or(
      eq(payouts.status, "pending"),
      and(eq(payouts.status, "failed"), lte(payouts.nextAttemptAt, now)),
      and(eq(payouts.status, "sending"), lte(payouts.updatedAt, stale)),
    ),
  );
  let landed = 0;
  for (const payout of claimed) {
    const [target] = await db
      .select({ destination: payoutAccounts.externalId, active: payoutAccounts.status, source: payments.transactionId })
      .from(payouts)
      .innerJoin(payments, eq(payments.orderId, payouts.orderId))
      .leftJoin(payoutAccounts, eq(payoutAccounts.sellerId, payouts.sellerId))
      .where(eq(payouts.id, payout.id));
    try {
      if (!target?.destination || target.active !== "active") {
        throw new PayoutRefused("Your payout account needs details before it can be paid. Finish setting up payouts.");
      }
      const { transferId } = await provider.transfer({
        amountCents: payout.amountCents,
        destination: target.destination,
        sourceTransaction: target.source,
        orderId: payout.orderId,
        idempotencyKey: `payout:${payout.id}`,
      });
      await land(db, payout, transferId, now);
      landed++;
    } catch (error) {
      const reason = error instanceof PayoutRefused ? error.reason : UNREACHABLE;
      await fail(db, payout, reason, now);
    }
  }
  return landed;
}

/** The transfer was made: the money left clearing for the seller's account. A refunded order's is taken back. */
async function land(db: Db, payout: PayoutRow, transferId: string, now: Date) {
  await db.transaction(async (tx) => {
    const [order] = await tx
      .select({ status: orders.status, number: orders.number, productName: orders.productName })
      .from(orders)
      .where(eq(orders.id, payout.orderId))
      .for("update");
    const [moved] = await tx
      .update(payouts)
      .set({
        // Refunded at the card provider while the transfer was in flight: the share is owed back.
        status: order?.status === "refunded" ? to("reverse") : to("land"),
        transferId,
        paidAt: now,
        lastError: null,
        nextAttemptAt: now,
        updatedAt: now,
      })
      .where(and(eq(payouts.id, payout.id), leaving("land")))
      .returning({ id: payouts.id });
    if (!moved) return; // recorded by another run (the same transfer, by its key)
    const who = { sellerId: payout.sellerId, orderId: payout.orderId };
    await post(tx, "payoutSent", [
      [
        { account: "payouts", amountCents: payout.amountCents, ...who },
        { account: "clearing", amountCents: -payout.amountCents, orderId: payout.orderId },
      ],
    ]);
    if (order && order.status !== "refunded") {
      await notify(tx, "payout.sent", {
        recipientId: payout.sellerId,
        params: {
          orderId: payout.orderId,
          orderNumber: order.number,
          productName: order.productName,
          amountCents: payout.amountCents,
        },
      });
    }
  });
}

/** Refused or unreachable: tried again after a backoff; the seller is told the first time, with why. */
async function fail(db: Db, payout: PayoutRow, reason: string, now: Date) {
  await db.transaction(async (tx) => {
    const [moved] = await tx
      .update(payouts)
      .set({
        status: to("fail"),
        lastError: reason,
        nextAttemptAt: new Date(now.getTime() + retryDelayMs(payout.attempts)),
        updatedAt: now,
      })
      .where(and(eq(payouts.id, payout.id), leaving("fail")))
      .returning({ id: payouts.id });
    if (!moved || payout.attempts !== 1) return;
    const [order] = await tx
      .select({ number: orders.number, productName: orders.productName })
      .from(orders)
      .where(eq(orders.id, payout.orderId));
    await notify(tx, "payout.failed", {
      recipientId: payout.sellerId,
      params: {
        orderId: payout.orderId,
        orderNumber: order?.number ?? "",
        productName: order?.productName ?? "",
        amountCents: payout.amountCents,
        reason,
      },
    });
  });
}

/**
 * Takes back the transfers of orders refunded at the card provider after their payout (the ledger owes them
 * in `reversals`): reversal, then its ledger group, like a transfer. Returns how many were taken back.
 */
export async function reverseDueTransfers(db: Db, provider: PayoutProvider, now = new Date()): Promise<number> {
  const due = await db
    .select()
    .from(payouts)
    .where(and(leaving("reversed"), lte(payouts.nextAttemptAt, now)))
    .limit(BATCH);
  let reversed = 0;
  for (const payout of due) {
    if (!payout.transferId) continue;
    let reversalId: string;
    try {
      ({ reversalId } = await provider.reverseTransfer({
        transferId: payout.transferId,
        amountCents: payout.amountCents,
        idempotencyKey: `reversal:${payout.id}`,
      }));
    } catch {
      await db
        .update(payouts)
        .set({
          nextAttemptAt: new Date(now.getTime() + retryDelayMs(payout.attempts + 1)),
          attempts: payout.attempts + 1,
        })
        .where(eq(payouts.id, payout.id));
      continue;
    }
    await db.transaction(async (tx) => {
      const [moved] = await tx
        .update(payouts)
        .set({ status: to("reversed"), reversalId, reversedCents: payout.amountCents, updatedAt: now })
        .where(and(eq(payouts.id, payout.id), leaving("reversed")))
        .returning({ id: payouts.id });
      if (!moved) return;
      await post(tx, "transferReversed", [
        [
          { account: "clearing", amountCents: payout.amountCents, orderId: payout.orderId },
          {
            account: "reversals",
            amountCents: -payout.amountCents,
            sellerId: payout.sellerId,
            orderId: payout.orderId,
          },
        ],
      ]);
    });
    reversed++;
  }
  return reversed;
}

/**
 * An order refunded at the card provider after its payout landed: its transfer is to be reversed. Call in the
 * transaction that records the refund (a payout still in flight is marked when it lands: `land`).
 */
export async function reverseAfterRefund(tx: Parameters<Parameters<Db["transaction"]>[0]>[0], orderId: string) {
  await tx
    .update(payouts)
    .set({ status: to("reverse"), nextAttemptAt: new Date(), updatedAt: new Date() })
    .where(and(eq(payouts.orderId, orderId), leaving("reverse")));
}
