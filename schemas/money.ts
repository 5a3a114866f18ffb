// Built once: toLocaleString with options builds a new formatter on every call (the costliest part of
// rendering a page of cards).
const whole = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const withCents = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Money is integer cents everywhere; shown with $ (spec §9). */
export function formatPrice(cents: number): string {
  return `$${(cents % 100 ? withCents : whole).format(cents / 100)}`;
}

/**
 * An amount as people type it: a $ in front or not, up to seven digits written plain ("1250") or grouped in
 * thousands ("1,250", "1,250,000"), and at most two decimals. Nothing is taken out before reading it: typing
 * slips such as "1,2.5$" or "12,50" were read as $12.50 when commas, spaces and $ were dropped wherever they
 * stood, so they are refused and the field says so.
 */
const TYPED_DOLLARS = /^\$?\s*(\d{1,7}|\d{1,3},\d{3}|\d,\d{3},\d{3})(\.\d{1,2})?$/;

/**
 * "450", "449.99", "1,250.50", "$800" in cents; null for anything else (left for the caller to refuse, with
 * its field's message). The one reading of a typed amount: advert prices, shipping, a dispute's partial refund
 * and the advert form's "You receive" note.
 */
export function dollarsToCents(typed: string): number | null {
  const written = typed.trim();
  if (!TYPED_DOLLARS.test(written)) return null;
  return Math.round(Number(written.replace(/[$,\s]/g, "")) * 100);
}
