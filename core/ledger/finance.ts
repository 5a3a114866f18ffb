import { and, asc, gte, lt, max, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { ledgerDayTotals, ledgerEntries, ledgerRolledDays } from "../../db/schema.ts";
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

/**
 * Day totals from `from` on: the rolled-up days from their table, the rest (today, and any day the job has not
 * reached) summed from the entries themselves, so the figures are always current.
 */
async function dayTotals(db: Db, from: number): Promise<{ rows: DayTotal[]; opening: DayTotal[] }> {
  const [last] = await db.select({ day: max(ledgerRolledDays.day) }).from(ledgerRolledDays);
  const liveFrom = last?.day ? new Date(`${last.day}T00:00:00Z`).getTime() + DAY_MS : 0;
  const [rolled, live, opening] = await Promise.all([
    db
      .select()
      .from(ledgerDayTotals)
      .where(and(gte(ledgerDayTotals.day, isoDay(from)), lt(ledgerDayTotals.day, isoDay(Math.max(liveFrom, from)))))
      .orderBy(asc(ledgerDayTotals.day)),
    db
      .select({
        day: sql<string>`((${ledgerEntries.createdAt} at time zone 'UTC')::date)::text`,
        account: ledgerEntries.account,
        movement: ledgerEntries.movement,
        amountCents: sql<string>`sum(${ledgerEntries.amountCents})`,
      })
      .from(ledgerEntries)
      .where(gte(ledgerEntries.createdAt, new Date(Math.max(liveFrom, from))))
      .groupBy(sql`1`, ledgerEntries.account, ledgerEntries.movement),
    // Balances before the window: the rolled-up days before it (and the entries, when nothing is rolled up yet).
    liveFrom > 0
      ? db
          .select({
            day: sql<string>`''`,
            account: ledgerDayTotals.account,
            movement: sql<string>`''`,
            amountCents: sql<string>`sum(${ledgerDayTotals.amountCents})`,
          })
          .from(ledgerDayTotals)
          .where(lt(ledgerDayTotals.day, isoDay(from)))
          .groupBy(ledgerDayTotals.account)
      : db
          .select({
            day: sql<string>`''`,
            account: ledgerEntries.account,
            movement: sql<string>`''`,
            amountCents: sql<string>`sum(${ledgerEntries.amountCents})`,
          })
          .from(ledgerEntries)
          .where(lt(ledgerEntries.createdAt, new Date(from)))
          .groupBy(ledgerEntries.account),
  ]);
  const number = <T extends { amountCents: number | string }>(r: T) => ({ ...r, amountCents: Number(r.amountCents) });
  return { rows: [...rolled.map(number), ...live.map(number)], opening: opening.map(number) };
}

const REFUND_MOVEMENTS = new Set(["refund", "refundInPart", "providerRefund"]);

/** The last 90 days, each with its sales, fees, refunds and payouts, and the payables at its end. */
export async function financeDays(db: Db, now = new Date()): Promise<FinanceDay[]> {
  const today = startOfDay(now.getTime());
  const from = today - (FINANCE_DAYS - 1) * DAY_MS;
  const { rows, opening } = await dayTotals(db, from);
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
  return days;
}

function sumOf(rows: DayTotal[], account: string, movement: (m: string) => boolean = () => true) {
  return rows.reduce((sum, r) => (r.account === account && movement(r.movement) ? sum + r.amountCents : sum), 0);
}

/**
 * The ledger's check, as Finance shows it: every group sums to zero, so every day does (a group is written in
 * one transaction, at one time); a day that does not names the unbalanced money. The rolled-up days are read
 * from their totals (a small table), the days after them from the entries.
 */
export async function checkLedger(db: Db): Promise<{ balanced: boolean; problems: string[] }> {
  const [last] = await db.select({ day: max(ledgerRolledDays.day) }).from(ledgerRolledDays);
  const liveFrom = last?.day ? new Date(`${last.day}T00:00:00Z`).getTime() + DAY_MS : 0;
  const [rolled, live] = await Promise.all([
    db
      .select({ day: ledgerDayTotals.day, sum: sql<string>`sum(${ledgerDayTotals.amountCents})` })
      .from(ledgerDayTotals)
      .groupBy(ledgerDayTotals.day)
      .having(sql`sum(${ledgerDayTotals.amountCents}) <> 0`),
    db
      .select({
        day: sql<string>`((${ledgerEntries.createdAt} at time zone 'UTC')::date)::text`,
        sum: sql<string>`sum(${ledgerEntries.amountCents})`,
      })
      .from(ledgerEntries)
      .where(gte(ledgerEntries.createdAt, new Date(liveFrom)))
      .groupBy(sql`1`)
      .having(sql`sum(${ledgerEntries.amountCents}) <> 0`),
  ]);
  const problems = [...rolled, ...live].map(
    ({ day, sum }) =>
      `The entries of ${day} sum to ${formatPrice(Number(sum))}, not zero: a group that day is unbalanced.`,
  );
  return { balanced: problems.length === 0, problems };
}
