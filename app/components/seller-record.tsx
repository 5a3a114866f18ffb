import type { SellerRecord } from "../../schemas/moderation.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long an account has existed, in the unit a person would say: "3 days", "5 months", "2 years". */
export function accountAge(sinceIso: string, now = Date.now()): string {
  const days = Math.max(0, Math.floor((now - new Date(sinceIso).getTime()) / DAY_MS));
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  if (days < 1) return "less than a day";
  if (days < 60) return plural(days, "day");
  if (days < 730) return plural(Math.floor(days / 30.44), "month");
  return plural(Math.floor(days / 365.25), "year");
}

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * What admins judge a seller by, in one line: adverts, completed sales, reports (in the error colour when there
 * are any) and the account's age. All Sellers and every advert held for review show it.
 */
export function SellerRecordLine({ record, className = "block" }: { record: SellerRecord; className?: string }) {
  return (
    <span className={`text-sm ${className}`}>
      {counted(record.adverts, "advert", "adverts")} ·{" "}
      {counted(record.completedSales, "completed sale", "completed sales")} ·{" "}
      <span className={record.reports > 0 ? "font-semibold text-error" : ""}>
        {counted(record.reports, "report", "reports")}
      </span>{" "}
      · account {accountAge(record.since)} old
    </span>
  );
}
