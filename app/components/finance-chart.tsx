import { formatPrice } from "../../schemas/money.ts";
import type { FinanceDay } from "../../schemas/payouts.ts";
import { numeric, TableHead } from "./table-head.tsx";

const DAY_COLUMNS = ["Day", numeric("Sales"), numeric("Fees"), numeric("Refunds"), numeric("Payouts")];

const WIDTH = 720;
const HEIGHT = 200;
const PAD = { top: 8, right: 8, bottom: 24, left: 8 };

/** "12 Mar": days are UTC dates, so they are read as such (not shifted by the reader's zone). */
const dayLabel = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });

/**
 * Sales and ReLaptop's fees per day, as bars (a day's fee drawn inside its sales bar: the fee is a part of the
 * sale). Drawn by hand, no library: an SVG named by what it shows (role="img" with a summary), and its numbers
 * in a table beneath, closed until asked for, as its text alternative.
 */
export function FinanceChart({ days }: { days: FinanceDay[] }) {
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return null;
  const top = Math.max(1, ...days.map((d) => d.salesCents));
  const slot = (WIDTH - PAD.left - PAD.right) / days.length;
  const bar = Math.max(1, slot * 0.8);
  const plot = HEIGHT - PAD.top - PAD.bottom;
  const y = (cents: number) => PAD.top + plot - (cents / top) * plot;
  const sales = days.reduce((s, d) => s + d.salesCents, 0);
  const fees = days.reduce((s, d) => s + d.feesCents, 0);
  const busiest = days.reduce((best, d) => (d.salesCents > best.salesCents ? d : best), first);
  const summary =
    `Sales and fees per day from ${dayLabel(first.day)} to ${dayLabel(last.day)}: ` +
    `${formatPrice(sales)} of sales and ${formatPrice(fees)} of fees in all` +
    (busiest.salesCents > 0
      ? `; the busiest day was ${dayLabel(busiest.day)} with ${formatPrice(busiest.salesCents)} of sales.`
      : "; no sales.");
  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="flex flex-wrap items-center gap-4 text-sm">
        <span className="font-semibold">Sales and fees per day</span>
        <span className="flex items-center gap-1">
          <span aria-hidden="true" className="inline-block size-3 rounded-sm bg-primary" /> Sales
        </span>
        <span className="flex items-center gap-1">
          <span aria-hidden="true" className="inline-block size-3 rounded-sm bg-accent" /> ReLaptop’s fees
        </span>
        <span className="text-base-content/80">Highest day: {formatPrice(top === 1 ? 0 : top)}</span>
      </figcaption>
      <svg
        role="img"
        aria-label={summary}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full rounded-box border border-base-300"
      >
        <line
          x1={PAD.left}
          x2={WIDTH - PAD.right}
          y1={y(0)}
          y2={y(0)}
          className="stroke-base-content/40"
          strokeWidth={1}
        />
        {days.map((d, i) => {
          const x = PAD.left + i * slot + (slot - bar) / 2;
          return (
            <g key={d.day}>
              {d.salesCents > 0 && (
                <rect x={x} y={y(d.salesCents)} width={bar} height={y(0) - y(d.salesCents)} className="fill-primary" />
              )}
              {d.feesCents > 0 && (
                <rect x={x} y={y(d.feesCents)} width={bar} height={y(0) - y(d.feesCents)} className="fill-accent" />
              )}
            </g>
          );
        })}
        <text x={PAD.left} y={HEIGHT - 6} className="fill-base-content text-[11px]">
          {dayLabel(first.day)}
        </text>
        <text x={WIDTH - PAD.right} y={HEIGHT - 6} textAnchor="end" className="fill-base-content text-[11px]">
          {dayLabel(last.day)}
        </text>
      </svg>
      <details>
        <summary className="cursor-pointer text-sm font-semibold">The numbers per day</summary>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a keyboard scrolls it, so it takes focus (WCAG 2.1.1) */}
        <section tabIndex={0} aria-label="The numbers per day" className="mt-2 max-h-96 overflow-auto">
          <table className="table table-sm">
            <caption className="sr-only">Sales, fees, refunds and payouts per day (UTC)</caption>
            <TableHead columns={DAY_COLUMNS} />
            <tbody>
              {days.map((d) => (
                <tr key={d.day}>
                  <th scope="row" className="font-normal">
                    <time dateTime={d.day}>{dayLabel(d.day)}</time>
                  </th>
                  <td className="text-right">{formatPrice(d.salesCents)}</td>
                  <td className="text-right">{formatPrice(d.feesCents)}</td>
                  <td className="text-right">{formatPrice(d.refundsCents)}</td>
                  <td className="text-right">{formatPrice(d.payoutsCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </details>
    </figure>
  );
}
