import { cents, dollars, size } from "./amounts.ts";
import { found, type Step } from "./reading.ts";
import { INCH_WORDS, LINK_WORDS, MAX_WORDS, MIN_WORDS, YEAR_WORDS } from "./vocabulary.ts";

/* Prices and age: the steps of spec-query.ts that read amounts, in the order they are tried. */

/** "between 300 and 600". */
const priceBetween: Step = ({ words }, i) => {
  if (words[i] !== "between") return undefined;
  const lo = dollars(words[i + 1]);
  const hi = dollars(words[i + 3]);
  if (!lo || !hi || !(words[i + 2] === "and" || words[i + 2] === "to" || words[i + 2] === "-")) return undefined;
  const [min, max] = [Math.min(lo.amount, hi.amount), Math.max(lo.amount, hi.amount)];
  return found({ minPrice: cents(min), maxPrice: cents(max) }, i, 4);
};

/** "300-600", "$300–$600". */
const priceRange: Step = ({ words }, i) => {
  const range = words[i]?.match(/^(\$?[\d.,]+k?)[-–](\$?[\d.,]+k?)$/);
  const [lo, hi] = [dollars(range?.[1]), dollars(range?.[2])];
  if (!lo || !hi || lo.amount >= hi.amount) return undefined;
  return found({ minPrice: cents(lo.amount), maxPrice: cents(hi.amount) }, i, 1);
};

/** "under $600", "over 1.2k", "less than 600 dollars", "at least 300"; "under 2 years old" is an age. */
const comparison: Step = ({ words }, i) => {
  const [w, next] = [words[i] as string, words[i + 1]];
  const isMax = MAX_WORDS.includes(w) || (w === "up" && next === "to");
  const isMin = MIN_WORDS.includes(w) || (w === "at" && next === "least");
  if (!isMax && !isMin) return undefined;
  let at = i + 1;
  while (LINK_WORDS.has(words[at] ?? "")) at++;
  const amount = dollars(words[at]);
  const unit = words[at + 1] ?? "";
  if (amount && YEAR_WORDS.has(unit) && isMax) {
    return found({ maxYears: Math.floor(amount.amount) }, i, at - i + 2 + (words[at + 2] === "old" ? 1 : 0));
  }
  // A size, an age, a screen or a percentage is no price.
  if (!amount || size(words, at)?.unit || YEAR_WORDS.has(unit) || INCH_WORDS.has(unit) || /^(gb|tb|%)$/.test(unit)) {
    return undefined;
  }
  const priceWords = unit === "dollars" || unit === "usd" || unit === "$" ? 1 : 0;
  const price = cents(amount.amount);
  return found(isMax ? { maxPrice: price } : { minPrice: price }, i, at - i + 1 + priceWords);
};

/** "$600", "600$", "1.2k", "600 dollars": a budget, the most to pay. */
const budget: Step = ({ words }, i) => {
  const amount = dollars(words[i]);
  const named = words[i + 1] === "dollars" || words[i + 1] === "usd";
  if (!amount || !(amount.marked || named)) return undefined;
  return found({ maxPrice: cents(amount.amount) }, i, named ? 2 : 1);
};

/** Years of use: "2 years old", "1 yr". */
const yearsOld: Step = ({ words }, i) => {
  const years = words[i]?.match(/^(\d{1,2})$/);
  if (!years || !YEAR_WORDS.has(words[i + 1] ?? "")) return undefined;
  return found({ maxYears: Number(years[1]) }, i, words[i + 2] === "old" ? 3 : 2);
};

export const PRICE_STEPS = [priceBetween, priceRange, comparison, budget, yearsOld];
