import { type PriceBadge as Badge, PRICE_BADGES } from "../../schemas/price-labels.ts";

/** "Great price" / "Fair price" against comparable laptops (core/catalogue/price-guides.ts); nothing otherwise. */
export function PriceBadge({ badge }: { badge: Badge | null }) {
  if (!badge) return null;
  return (
    <span className={`badge badge-sm ${badge === "great" ? "badge-success" : "badge-outline"}`}>
      {PRICE_BADGES[badge]}
    </span>
  );
}
