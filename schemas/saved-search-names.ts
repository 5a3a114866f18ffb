import { cpuLabel } from "./cpu-label.ts";
import { formatPrice } from "./money.ts";
import { type Condition, PERFORMANCE_TIERS, type StorageType } from "./values.ts";

/* No zod here: /allAdd suggests a name in the browser without the validation library. */

/** A search's filters in a few words: the name suggested when saving it, and its summary in the list. */
export function describeSearch(
  f: {
    q?: string | null;
    minPrice?: number | null;
    maxPrice?: number | null;
    condition?: Condition | null;
    location?: string | null;
    minRam?: number | null;
    minStorage?: number | null;
    seller?: string | null;
    brand?: string | null;
    cpu?: string | null;
    tier?: number | null;
    minBattery?: number | null;
    minScreen?: number | null;
    maxScreen?: number | null;
    storageType?: StorageType | null;
    maxYears?: number | null;
    verified?: boolean | null;
    ships?: boolean | null;
    batteryVerified?: boolean | null;
    charger?: boolean | null;
    inHand?: boolean | null;
  },
  brandName?: string | null,
): string {
  const parts = [
    f.q ? f.q : null,
    f.brand ? (brandName ?? "a brand no longer listed") : null,
    f.cpu ? cpuLabel(f.cpu) : null,
    f.tier ? PERFORMANCE_TIERS[f.tier - 1] : null,
    f.minRam ? `${f.minRam} GB+` : null,
    f.minStorage ? `${f.minStorage} GB+ ${f.storageType ?? "storage"}` : f.storageType ? f.storageType : null,
    f.minScreen && f.maxScreen
      ? `${f.minScreen}–${f.maxScreen}″`
      : f.maxScreen
        ? `up to ${f.maxScreen}″`
        : f.minScreen
          ? `${f.minScreen}″+`
          : null,
    f.minBattery !== undefined && f.minBattery !== null ? `battery ${f.minBattery}%+` : null,
    f.maxYears !== undefined && f.maxYears !== null
      ? `≤ ${f.maxYears} ${f.maxYears === 1 ? "year" : "years"} old`
      : null,
    f.condition ? f.condition.toLowerCase() : null,
    f.minPrice && f.maxPrice
      ? `${formatPrice(f.minPrice)}–${formatPrice(f.maxPrice)}`
      : f.maxPrice
        ? `under ${formatPrice(f.maxPrice)}`
        : f.minPrice
          ? `over ${formatPrice(f.minPrice)}`
          : null,
    f.location ? `in ${f.location}` : null,
    f.seller ? "one seller" : null,
    f.verified ? "verified sellers" : null,
    f.ships ? "ships" : null,
    f.batteryVerified ? "battery verified" : null,
    f.charger ? "charger included" : null,
    f.inHand ? "in hand" : null,
  ].filter(Boolean);
  const words = parts.length ? parts.join(" · ") : "All laptops";
  return words.length > 80 ? `${words.slice(0, 79)}…` : words;
}
