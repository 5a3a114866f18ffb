import { formatPrice } from "../../schemas/money.ts";

/** A row of amounts, each a stat with its name, the sum and a line saying what it is (Payouts, Finance). */
export function MoneyStats({
  label,
  stats,
}: {
  /** What the row is, for screen readers (a list of named amounts). */
  label: string;
  stats: { title: string; cents: number; what?: string }[];
}) {
  return (
    <ul aria-label={label} className="stats stats-vertical w-full border border-base-300 sm:stats-horizontal">
      {stats.map((s) => (
        <li key={s.title} className="stat">
          <span className="stat-title text-base-content/80">{s.title}</span>
          <span className="stat-value text-2xl">{formatPrice(s.cents)}</span>
          {s.what && <span className="stat-desc whitespace-normal text-base-content/80">{s.what}</span>}
        </li>
      ))}
    </ul>
  );
}
