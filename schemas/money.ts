// Built once: toLocaleString with options builds a new formatter on every call (the costliest part of
// rendering a page of cards).
const whole = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const withCents = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Money is integer cents everywhere; shown with $ (spec §9). */
export function formatPrice(cents: number): string {
  return `$${(cents % 100 ? withCents : whole).format(cents / 100)}`;
}
