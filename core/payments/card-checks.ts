import type { Card } from "./provider.ts";

/** The checks a card form makes before anything is charged; messages as Stripe words them. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardProblem(card: Card, now = new Date()): string | null {
  const number = card.number.replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(number)) return "Your card number is incomplete.";
  if (!luhnValid(number)) return "Your card number is invalid.";
  // "12 / 30" as Stripe's field shows it, "12/30", or "1230" typed without the slash (as Stripe's field takes it).
  const expiry = /^\s*(?:(\d{1,2})\s*\/\s*(\d{2})|(\d{2})(\d{2}))\s*$/.exec(card.expiry);
  if (!expiry) return "Your card's expiration date is incomplete.";
  const month = Number(expiry[1] ?? expiry[3]);
  const year = 2000 + Number(expiry[2] ?? expiry[4]);
  if (month < 1 || month > 12) return "Your card's expiration date is invalid.";
  if (year < now.getUTCFullYear()) return "Your card's expiration year is in the past.";
  if (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)
    return "Your card's expiration date is in the past.";
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return "Your card's security code is incomplete.";
  return null;
}
