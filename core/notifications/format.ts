// The pages' formatPrice (app/lib/money.ts), which the core may not import: the same rule, $ and cents.
const whole = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const withCents = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function formatMoney(cents: number): string {
  return `$${(cents % 100 ? withCents : whole).format(cents / 100)}`;
}

/** Text for HTML: every user-supplied string goes through this (names, laptop names, reasons). */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
