import { and, asc, gte, lt, max, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { ledgerDayTotals, ledgerEntries, ledgerRolledDays } from "../../db/schema/index.ts";
import { formatPrice } from "../../schemas/money.ts";
import type { FinanceDay } from "../../schemas/payouts.ts";

export const FINANCE_DAYS = 90;
const DAY_MS = 86_400_000;
/** A day is rolled up this long after it ends, so a transaction that began before midnight is in it. */
const SETTLE_MS = 10 * 60_000;

const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);
const startOfDay = (time: number) => time - (time % DAY_MS);

interface DayTotal {
  day: string;
  account: string;
  movement: string;
  amountCents: number;
}

/**
 * Sums each finished UTC day's entries by account and movement into `ledger_day_totals`, from the day after the
 * last one rolled up to yesterday (once it has settled): two statements, run by the ledger job once per cluster.
 */
export async function rollUpLedgerDays(db: Db, now = new Date()): Promise<number> {
  const lastDone = startOfDay(now.getTime() - SETTLE_MS); // days before this one are finished
  const [last] = await db.select({ day: max(ledgerRolledDays.day) }).from(ledgerRolledDays);
  const [first] = last?.day
    ? [{ at: new Date(`${last.day}T00:00:00Z`).getTime() + DAY_MS }]
    : (await db.select({ at: sql<Date | null>`min(${ledgerEntries.createdAt})` }).from(ledgerEntries)).map((r) => ({
        at: r.at ? startOfDay(new Date(r.at).getTime()) : lastDone,
      }));
  const from = first?.at ?? lastDone;
  if (from >= lastDone) return 0;
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into ledger_day_totals (day, account, movement, amount_cents, entries)
      select (created_at at time zone 'UTC')::date, account, movement, sum(amount_cents), count(*)
      from ledger_entries where created_at >= ${new Date(from).toISOString()} and created_at < ${new Date(lastDone).toISOString()}
      group by 1, 2, 3
      on conflict do nothing`);
    await tx.execute(sql`
      insert into ledger_rolled_days (day)
      select generate_series(${isoDay(from)}::date, ${isoDay(lastDone - DAY_MS)}::date, interval '1 day')::date
      on conflict do nothing`);
  });
  return Math.round((lastDone - from) / DAY_MS);
}

/** The day an entry belongs to, as a date (grouped by hash, not sorted as text). */
const entryDay = sql`(${ledgerEntries.createdAt} at time zone 'UTC')::date`;

/**
 * Day totals from `from` on, and the days that do not sum to zero: the rolled-up days from their tables, the
 * rest (today, and any day the job has not reached) summed from the entries themselves — once, for both — so the
 * figures are always current.
 */
async function dayTotals(db: Db, from: number) {
  const [last] = await db.select({ day: max(ledgerRolledDays.day) }).from(ledgerRolledDays);
  const liveFrom = last?.day ? new Date(`${last.day}T00:00:00Z`).getTime() + DAY_MS : 0;
  const [rolled, live, opening, unbalancedRolled] = await Promise.all([
    db
      .select()
      .from(ledgerDayTotals)
      .where(and(gte(ledgerDayTotals.day, isoDay(from)), lt(ledgerDayTotals.day, isoDay(Math.max(liveFrom, from)))))
      .orderBy(asc(ledgerDayTotals.day)),
    db
      .select({
        day: sql<string>`${entryDay}::text`,
        account: ledgerEntries.account,
        movement: ledgerEntries.movement,
        amountCents: sql<string>`sum(${ledgerEntries.amountCents})`,
      })
      .from(ledgerEntries)
      .where(gte(ledgerEntries.createdAt, new Date(liveFrom)))
      .groupBy(entryDay, ledgerEntries.account, ledgerEntries.movement),
    // Balances before the window: the rolled-up days before it (and the entries, when nothing is rolled up yet).
    liveFrom > 0
      ? db
          .select({ account: ledgerDayTotals.account, amountCents: sql<string>`sum(${ledgerDayTotals.amountCents})` })
          .from(ledgerDayTotals)
          .where(lt(ledgerDayTotals.day, isoDay(from)))
          .groupBy(ledgerDayTotals.account)
      : db
          .select({ account: ledgerEntries.account, amountCents: sql<string>`sum(${ledgerEntries.amountCents})` })
          .from(ledgerEntries)
          .where(lt(ledgerEntries.createdAt, new Date(from)))
          .groupBy(ledgerEntries.account),
    db
      .select({ day: ledgerDayTotals.day, sum: sql<string>`sum(${ledgerDayTotals.amountCents})` })
      .from(ledgerDayTotals)
      .groupBy(ledgerDayTotals.day)
      .having(sql`sum(${ledgerDayTotals.amountCents}) <> 0`),
  ]);
  const liveRows = live.map((r) => ({ ...r, amountCents: Number(r.amountCents) }));
  const liveByDay = new Map<string, number>();
  for (const r of liveRows) liveByDay.set(r.day, (liveByDay.get(r.day) ?? 0) + r.amountCents);
  const unbalanced = [
    ...unbalancedRolled.map((r) => ({ day: r.day, sum: Number(r.sum) })),
    ...[...liveByDay].filter(([, sum]) => sum !== 0).map(([day, sum]) => ({ day, sum })),
  ];
  return {
    rows: [
      ...rolled.map((r) => ({ ...r, amountCents: Number(r.amountCents) })),
      ...liveRows.filter((r) => r.day >= isoDay(from)),
    ],
    opening: opening.map((r) => ({ day: "", movement: "", account: r.account, amountCents: Number(r.amountCents) })),
    unbalanced,
  };
}

const REFUND_MOVEMENTS = new Set(["refund", "refundInPart", "providerRefund"]);

/**
 * The last 90 days, each with its sales, fees, refunds and payouts, and the payables at its end; and the ledger's
 * check: every group sums to zero, so every day does (a group is written in one transaction, at one time) — a day
 * that does not names the unbalanced money.
 */
export async function financeReport(db: Db, now = new Date()) {
  const today = startOfDay(now.getTime());
  const from = today - (FINANCE_DAYS - 1) * DAY_MS;
  const { rows, opening, unbalanced } = await dayTotals(db, from);
  let pending = 0 - sumOf(opening, "seller_pending");
  let available = 0 - sumOf(opening, "seller_available");
  const byDay = new Map<string, DayTotal[]>();
  for (const row of rows) byDay.set(row.day, [...(byDay.get(row.day) ?? []), row]);
  const days: FinanceDay[] = [];
  for (let time = from; time <= today; time += DAY_MS) {
    const day = isoDay(time);
    const totals = byDay.get(day) ?? [];
    pending -= sumOf(totals, "seller_pending");
    available -= sumOf(totals, "seller_available");
    days.push({
      day,
      salesCents: sumOf(totals, "clearing", (m) => m === "pay"),
      feesCents: 0 - sumOf(totals, "platform_fees"),
      refundsCents: 0 - sumOf(totals, "clearing", (m) => REFUND_MOVEMENTS.has(m)),
      payoutsCents: sumOf(totals, "payouts", (m) => m === "payoutSent"),
      pendingCents: pending,
      availableCents: available,
    });
  }
  const problems = unbalanced.map(
    ({ day, sum }) => `The entries of ${day} sum to ${formatPrice(sum)}, not zero: a group that day is unbalanced.`,
  );
  return { days, check: { balanced: problems.length === 0, problems } };
}

function sumOf(rows: DayTotal[], account: string, movement: (m: string) => boolean = () => true) {
  return rows.reduce((sum, r) => (r.account === account && movement(r.movement) ? sum + r.amountCents : sum), 0);
}
