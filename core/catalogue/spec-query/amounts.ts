const MAX_DOLLARS = 10_000_000;

/** "$1.2k", "600", "1,200", "600$" → dollars; undefined if it is not an amount. */
export function dollars(word: string | undefined): { amount: number; marked: boolean } | undefined {
  const m = word?.match(/^(\$?)(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(k?)(\$?)$/);
  if (!m) return undefined;
  const amount = Number((m[2] as string).replaceAll(",", "")) * (m[3] ? 1000 : 1);
  if (!(amount > 0 && amount <= MAX_DOLLARS)) return undefined;
  return { amount, marked: Boolean(m[1] || m[3] || m[4]) };
}
export const cents = (d: number) => Math.round(d * 100);

/** "16gb", "1tb", "16 gb", "512" → gigabytes with the unit seen; `width` is how many words it took. */
export function size(words: string[], i: number): { gb: number; unit: "gb" | "tb" | null; width: number } | undefined {
  const w = words[i] ?? "";
  const joined = w.match(/^(\d+(?:\.\d+)?)(gb|g|tb|t)$/);
  if (joined) {
    const tb = joined[2]?.startsWith("t");
    return { gb: Number(joined[1]) * (tb ? 1000 : 1), unit: tb ? "tb" : "gb", width: 1 };
  }
  if (!/^\d+(?:\.\d+)?$/.test(w)) return undefined;
  const next = words[i + 1];
  if (next === "gb" || next === "g") return { gb: Number(w), unit: "gb", width: 2 };
  if (next === "tb" || next === "t") return { gb: Number(w) * 1000, unit: "tb", width: 2 };
  return { gb: Number(w), unit: null, width: 1 };
}
