/** Prices in emails and notifications are written as on the pages: one rule, in schemas/money.ts. */
export { formatPrice as formatMoney } from "../../schemas/money.ts";

/** Text for HTML: every user-supplied string goes through this (names, laptop names, reasons). */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
