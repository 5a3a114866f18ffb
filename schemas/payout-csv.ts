import type { PayoutLine } from "./payouts.ts";
import { BALANCE_LABELS } from "./payouts.ts";

/** The CSV of every line on a seller's Payouts: one row per order, amounts in dollars with cents. */
export const PAYOUT_CSV_HEADER = [
  "Order",
  "Laptop",
  "Order status",
  "Booked at",
  "Charged",
  "Refunded",
  "Fee",
  "Yours",
  "Where",
  "Paid out at",
] as const;

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** A cell as RFC 4180 wants it, and never a formula a spreadsheet would run (=, +, -, @ at its start). */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const payoutCsvRow = (line: PayoutLine) =>
  [
    line.orderNumber,
    line.productName,
    line.orderStatus,
    line.orderedAt,
    dollars(line.chargedCents),
    dollars(line.refundedCents),
    dollars(line.feeCents),
    dollars(line.earnedCents),
    BALANCE_LABELS[line.where],
    line.paidAt ?? "",
  ]
    .map(cell)
    .join(",");

export const payoutCsvHeader = () => PAYOUT_CSV_HEADER.map(cell).join(",");
