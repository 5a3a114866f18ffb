import { formatPrice } from "../../schemas/money.ts";
import type { PriceGuidance, SalePoint } from "../../schemas/price-guidance.ts";
import { dollars } from "../../schemas/price-labels.ts";
import { formatWhen } from "../lib/time-zone.ts";

const WIDTH = 600;
const HEIGHT = 180;
const PAD = { left: 64, right: 12, top: 12, bottom: 30 };
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** The quartiles worth a label, the median first: one too close to a label already kept would print over it. */
function labelled(cents: number[], y: (c: number) => number) {
  const kept: number[] = [];
  for (const c of cents) if (kept.every((k) => Math.abs(y(k) - y(c)) >= 18)) kept.push(c);
  return kept;
}

/**
 * Comparable laptops' sales over the last 12 months, one dot a sale, with the middle half of their prices
 * shaded, as SVG. The picture is described in words, and the sales are listed in a table a screen reader (or
 * anyone) can open. Static: pages draw it on the server (chartMarkup) and ship no script for it.
 */
export function SalesChart({
  sales,
  guidance,
  asOf,
  zone,
}: {
  sales: SalePoint[];
  guidance: PriceGuidance;
  /** When the sales were read: the chart ends there. */
  asOf: Date;
  /** The reader's time zone, for the table's dates. */
  zone: string;
}) {
  if (sales.length === 0) return null;
  const now = asOf.getTime();
  const prices = sales.map((s) => s.priceCents);
  const top = Math.max(...prices, guidance.highCents) * 1.1;
  const bottom = Math.max(0, Math.min(...prices, guidance.lowCents) * 0.9);
  const x = (iso: string) =>
    PAD.left + ((new Date(iso).getTime() - (now - YEAR_MS)) / YEAR_MS) * (WIDTH - PAD.left - PAD.right);
  const y = (cents: number) => PAD.top + (1 - (cents - bottom) / (top - bottom || 1)) * (HEIGHT - PAD.top - PAD.bottom);
  const caption = `${sales.length} sales of similar laptops over the last 12 months, from ${formatPrice(Math.min(...prices))} to ${formatPrice(Math.max(...prices))}; the shaded band is the middle half of their prices.`;
  return (
    <figure className="flex flex-col gap-2">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={caption}
        className="h-auto w-full max-w-xl text-base-content"
      >
        <rect
          x={PAD.left}
          width={WIDTH - PAD.left - PAD.right}
          y={y(guidance.highCents)}
          height={Math.max(1, y(guidance.lowCents) - y(guidance.highCents))}
          className="fill-primary/15"
        />
        <line
          x1={PAD.left}
          x2={WIDTH - PAD.right}
          y1={y(guidance.medianCents)}
          y2={y(guidance.medianCents)}
          className="stroke-primary"
          strokeDasharray="4 4"
        />
        {labelled([guidance.medianCents, guidance.highCents, guidance.lowCents], y).map((c) => (
          <text key={c} x={PAD.left - 6} y={y(c) + 5} textAnchor="end" className="fill-current text-[15px]">
            {dollars(c)}
          </text>
        ))}
        <text x={PAD.left} y={HEIGHT - 8} className="fill-current text-[15px]">
          12 months ago
        </text>
        <text x={WIDTH - PAD.right} y={HEIGHT - 8} textAnchor="end" className="fill-current text-[15px]">
          Today
        </text>
        {sales.map((s, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a drawn list, never reordered; two sales may share a moment
          <circle key={`${s.paidAt}-${i}`} cx={x(s.paidAt)} cy={y(s.priceCents)} r={4} className="fill-primary" />
        ))}
      </svg>
      <figcaption className="text-sm text-base-content/80">{caption}</figcaption>
      <details className="text-sm">
        <summary className="link min-h-6 cursor-pointer">The sales, one by one</summary>
        <table className="table table-sm mt-2 w-auto">
          <thead>
            <tr>
              <th scope="col">Sold</th>
              <th scope="col">Price</th>
            </tr>
          </thead>
          <tbody>
            {sales.map((s, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a drawn list, never reordered; two sales may share a moment
              <tr key={`${s.paidAt}-${i}`}>
                <td>{formatWhen(s.paidAt, zone, "day")}</td>
                <td>{formatPrice(s.priceCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
