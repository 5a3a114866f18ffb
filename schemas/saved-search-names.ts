import type { Condition } from "./values.ts";

/* No zod here: /allAdd suggests a name in the browser without the validation library. */

const money = (cents: number) => `$${(cents / 100).toLocaleString("en-US", { maximumFractionDigits: 2 })}`;

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
  },
  brandName?: string | null,
): string {
  const parts = [
    f.q ? f.q : null,
    f.brand ? (brandName ?? "a brand no longer listed") : null,
    f.minRam ? `${f.minRam} GB+` : null,
    f.minStorage ? `${f.minStorage} GB+ storage` : null,
    f.condition ? f.condition.toLowerCase() : null,
    f.minPrice && f.maxPrice
      ? `${money(f.minPrice)}–${money(f.maxPrice)}`
      : f.maxPrice
        ? `under ${money(f.maxPrice)}`
        : f.minPrice
          ? `over ${money(f.minPrice)}`
          : null,
    f.location ? `in ${f.location}` : null,
    f.seller ? "one seller" : null,
  ].filter(Boolean);
  const words = parts.length ? parts.join(" · ") : "All laptops";
  return words.length > 80 ? `${words.slice(0, 79)}…` : words;
}
