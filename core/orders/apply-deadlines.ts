import { and, asc, gt, inArray, isNull, lte, ne, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { adverts, orders } from "../../db/schema/index.ts";
import { notifyEach } from "../notifications/index.ts";
import { DEADLINES, REMINDER_BEFORE_MS, WAITING_STATUSES } from "./deadlines.ts";
import { applyToAll } from "./transition.ts";

/** Orders one transaction of the deadlines job takes. */
export const DEADLINES_BATCH = 1_000;

/**
 * The deadlines job (every minute, once in the cluster, and at every start, so a deadline that passed while
 * every process was down is applied then): unpaid bookings past BOOKING_HOURS close, paid orders not handed
 * over within HANDOVER_DAYS are refunded, protection windows that ended complete. Set-based, a batch per
 * transaction: the due orders' adverts are locked first, as every change to a laptop's orders does
 * (transition.ts), skipping those a person is using this moment — the next run takes them. Each move is the
 * transition table's own (`lapse`, `expireHandover`, `complete`: `by: "system"`) and re-checked under the lock,
 * so a buyer's "Everything is fine" or Report a problem at the same moment wins or loses cleanly. Running it twice
 * changes nothing more. The refunds it starts are finished after each batch commits (decision 8); one the
 * provider does not answer stays `refunding` for the reconcile sweep.
 */
export async function applyDueDeadlines(
  db: Db,
  finishRefund: (orderId: string) => Promise<boolean>,
  now = new Date(),
): Promise<number> {
  let applied = 0;
  for (;;) {
    const batch = await db.transaction((tx) => applyBatch(tx, now));
    applied += batch.moved;
    for (const id of batch.refunds) await finishRefund(id);
    // Done when the last batch was not full, or nothing in it could move (every laptop in use: next run).
    if (batch.found < DEADLINES_BATCH || batch.moved === 0) return applied;
  }
}

async function applyBatch(tx: Tx, now: Date) {
  const due = await tx
    .select({ id: orders.id, advertId: orders.advertId })
    .from(orders)
    .where(and(lte(orders.deadlineAt, now), inArray(orders.status, WAITING_STATUSES)))
    .orderBy(asc(orders.deadlineAt))
    .limit(DEADLINES_BATCH);
  if (due.length === 0) return { found: 0, moved: 0, refunds: [] };
  const advertIds = [...new Set(due.map((o) => o.advertId))].sort();
  const locked = await tx
    .select({ id: adverts.id })
    .from(adverts)
    .where(inArray(adverts.id, advertIds))
    .orderBy(adverts.id)
    .for("update", { skipLocked: true });
  const free = new Set(locked.map((a) => a.id));
  const ids = due.filter((o) => free.has(o.advertId)).map((o) => o.id);
  const which = and(inArray(orders.id, ids), lte(orders.deadlineAt, now));
  let moved = 0;
  const refunds: string[] = [];
  for (const status of WAITING_STATUSES) {
    const { onExpiry } = DEADLINES[status];
    const rows = ids.length ? await applyToAll(tx, which, status, onExpiry) : [];
    moved += rows.length;
    if (onExpiry === "expireHandover") refunds.push(...rows.map((o) => o.id));
    // A lapsed booking's payment hold (one that ran out) goes with it.
    if (onExpiry === "lapse" && rows.length) {
      await tx
        .update(adverts)
        .set({ reservedByOrderId: null, reservedUntil: null })
        .where(
          inArray(
            adverts.reservedByOrderId,
            rows.map((o) => o.id),
          ),
        );
    }
  }
  return { found: due.length, moved, refunds };
}

/**
 * A day before each deadline, the person who must act is told (a notice, and an email unless they turned
 * reminders off): the buyer to pay, the seller to hand over, the buyer that protection ends. Each deadline
 * reminds once (`reminded_for`); a new deadline (the next step) reminds again. Orders a transition holds this
 * moment are skipped, and reminded on the next run.
 */
export async function sendDueReminders(db: Db, now = new Date()): Promise<number> {
  let sent = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(orders)
        .where(
          and(
            gt(orders.deadlineAt, now),
            lte(orders.deadlineAt, new Date(now.getTime() + REMINDER_BEFORE_MS)),
            inArray(orders.status, WAITING_STATUSES),
            or(isNull(orders.remindedFor), ne(orders.remindedFor, orders.deadlineAt)),
          ),
        )
        .orderBy(asc(orders.deadlineAt))
        .limit(DEADLINES_BATCH)
        .for("update", { skipLocked: true });
      if (due.length === 0) return 0;
      await tx
        .update(orders)
        .set({ remindedFor: sql`${orders.deadlineAt}` })
        .where(
          inArray(
            orders.id,
            due.map((o) => o.id),
          ),
        );
      await notifyEach(
        tx,
        due.map((o) => {
          const { what, remind } = DEADLINES[o.status as keyof typeof DEADLINES];
          return {
            kind: "order.reminder" as const,
            recipientId: remind === "buyer" ? o.buyerId : o.sellerId,
            params: {
              orderId: o.id,
              orderNumber: o.number,
              productName: o.productName,
              priceCents: o.priceCents,
              what,
              deadlineAt: (o.deadlineAt as Date).toISOString(),
            },
          };
        }),
      );
      return due.length;
    });
    sent += batch;
    if (batch < DEADLINES_BATCH) return sent;
  }
}
