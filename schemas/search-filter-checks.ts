import { z } from "zod";
import { numberInText } from "./form-values.ts";
import { requiredText, saysSomething } from "./text-fields.ts";
import { findNul } from "./text-safety.ts";
import { CONDITIONS, PERFORMANCE_TIERS, STORAGE_TYPES } from "./values.ts";

/**
 * What each search filter accepts, with its messages: in /allAdd's URL and GET /api/adverts (`url`), and in a
 * saved search's JSON (`saved`). One entry per filter, in the order of the registry (search-filters.ts, which
 * says how each is written, named in a chip and shown in the panel; its SQL is in core/catalogue/search-filters.ts).
 *
 * A URL may carry odd values — a shared link should still show laptops — so the older filters drop a wrong value
 * (`dropped`: what the panel then says under it); the newer ones, each chosen from the form's own controls,
 * refuse it with their message. A search saved for alerts must mean what it says: every wrong value is refused.
 */

/**
 * What the newer filters say when their value is wrong: shown under the filter on the pages, and named
 * (by field) in the API's 400.
 */
export const FILTER_ERRORS = {
  cpu: "Choose a processor family like i7, Ultra 7, Ryzen 5, M2 Pro or Snapdragon X",
  tier: "Choose a performance tier from the list",
  minBattery: "Battery health must be a whole number from 0 to 100",
  minScreen: "Screen size must be from 10 to 20 inches, like 14 or 15.6",
  maxScreen: "Screen size must be from 10 to 20 inches, like 14 or 15.6",
  screenRange: "The largest screen must be at least the smallest",
  priceRange: "Max price must be at least the min price",
  storageType: "Choose a storage type from the list",
  maxYears: "Years of use must be a whole number from 0 to 30",
  verified: "Verified sellers only is either on or off",
  ships: "Ships only is either on or off",
  batteryVerified: "Battery verified is either on or off",
  charger: "Charger included is either on or off",
  inHand: "In hand is either on or off",
} as const;

/** A search's two ends of a range, checked together wherever the search comes from. */
interface Ranges {
  minPrice?: number;
  maxPrice?: number;
  minScreen?: number;
  maxScreen?: number;
}
/**
 * A range upside down ("Min price 900, Max price 100") can match nothing: it is refused on its upper end, so a
 * page lists with the lower one (and shows the upper as typed, with the message) and the API answers a 400
 * naming it. The same check for /allAdd's URL and GET /api/adverts (search.ts) and a saved search.
 */
export function checkRanges(f: Ranges, ctx: z.RefinementCtx) {
  if (f.minPrice !== undefined && f.maxPrice !== undefined && f.maxPrice < f.minPrice) {
    ctx.addIssue({ code: "custom", path: ["maxPrice"], message: FILTER_ERRORS.priceRange });
  }
  if (f.minScreen !== undefined && f.maxScreen !== undefined && f.maxScreen < f.minScreen) {
    ctx.addIssue({ code: "custom", path: ["maxScreen"], message: FILTER_ERRORS.screenRange });
  }
}

/** A brand that is not a brand id, or names no brand: one message for both (no search for it could match). */
export const CHOOSE_A_BRAND = "Choose a brand from the list";

/**
 * A processor family as the spec search understands it (core/catalogue/spec-query), matched against the
 * processor the seller typed: "i7", "ultra 7", "ryzen 5", "m2 pro", "snapdragon x".
 */
const CPU_FAMILY = /^(i[3579]|ultra [579]|ryzen [3579]|m[1-4]( pro| max)?|snapdragon x)$/;

/* In a URL */

/** Anything odd in a URL is dropped, not an error: a shared link should still show laptops. */
const lenient = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);
/** Text that PostgreSQL can store (see text-safety.ts); anything else is dropped like any odd parameter. */
export const textInUrl = (max: number) =>
  lenient(
    z
      .string()
      .trim()
      .min(1)
      .max(max)
      .refine((v) => findNul(v) === null),
  );
const dollarsInUrl = lenient(
  numberInText(
    z
      .number()
      .positive()
      .max(10_000_000)
      .transform((d) => Math.round(d * 100)),
  ),
);
const gbInUrl = (max: number) => lenient(numberInText(z.number().int().min(1).max(max)));

/* In a saved search */

/** A filter left out: absent or null (JSON). */
const absent = <T extends z.ZodType>(schema: T) =>
  schema
    .nullish()
    .transform((v) => v ?? undefined)
    .optional();
/**
 * A text or choice filter left out: absent, null, or empty — "any", as the form's empty fields say; text of
 * nothing visible is empty too (text-fields.ts).
 */
export const optionalField = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === "string" && !saysSomething(v) ? undefined : v), absent(schema));
/** Text a saved search keeps, refused when it cannot be, naming it. */
export const savedText = (label: string, max: number) =>
  requiredText(`${label} cannot be empty`)
    .max(max, `${label} must be ${max} characters or fewer`)
    .refine((v) => findNul(v) === null, `${label} contains a character that is not allowed`);
const dollars = (label: string) =>
  z
    .number({ error: `${label} must be an amount in dollars` })
    .positive(`${label} must be more than $0`)
    .max(10_000_000, `${label} must be at most $10,000,000`)
    .transform((d) => Math.round(d * 100));
const wholeGb = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a number of GB` })
    .int(`${label} must be a whole number of GB`)
    .min(1, `${label} must be at least 1 GB`)
    .max(max, `${label} must be at most ${max} GB`);

/* The newer filters: one check and its message, wherever the value comes from */

const wholeNumber = (min: number, max: number, message: string) =>
  z.number({ error: message }).int({ error: message }).min(min, message).max(max, message);
const screen = (message: string) => z.number({ error: message }).min(10, message).max(20, message);
/** Stored to a tenth of an inch, as screens are sold: a finer size would be saved as another one. */
const inTenths = (inches: number) => Math.abs(inches * 10 - Math.round(inches * 10)) < 1e-9;

/** A number: in a URL, left out or text that reads as one within its bounds; saved, a JSON number. */
const newerNumber = (check: z.ZodNumber, saved: z.ZodNumber = check) => ({
  url: numberInText(check.optional()),
  saved: absent(saved),
});
const inches = (message: string) => newerNumber(screen(message), screen(message).refine(inTenths, message));
const newerChoice = <T extends z.ZodType>(check: T) => ({
  url: check.optional(),
  saved: optionalField(check.optional()),
});
/** On or off: `true` in a URL; saved, a JSON boolean (off is no filter). */
const newerFlag = (message: string) => ({
  url: z
    .enum(["true"], { error: message })
    .transform(() => true)
    .optional(),
  saved: absent(z.boolean({ error: message }).transform((on) => on || undefined)),
});

export const FILTER_CHECKS = {
  q: { url: textInUrl(100), saved: optionalField(savedText("Words", 100)), dropped: "Enter at most 100 characters." },
  brand: {
    url: lenient(z.uuid()),
    saved: optionalField(z.uuid({ error: CHOOSE_A_BRAND })),
    dropped: "Choose a brand from the list.",
  },
  /** One seller's laptops (their public page). */
  seller: { url: textInUrl(64), saved: optionalField(savedText("Seller", 64)) },
  minPrice: {
    url: dollarsInUrl,
    saved: absent(dollars("Min price")),
    dropped: "Enter a price in dollars above 0, like 250.",
  },
  maxPrice: {
    url: dollarsInUrl,
    saved: absent(dollars("Max price")),
    dropped: "Enter a price in dollars above 0, like 900.",
  },
  condition: {
    url: lenient(z.enum(CONDITIONS)),
    saved: optionalField(z.enum(CONDITIONS, { error: `Condition must be one of ${CONDITIONS.join(", ")}` })),
    dropped: "Choose a condition from the list.",
  },
  location: {
    url: textInUrl(120),
    saved: optionalField(savedText("Location", 120)),
    dropped: "Enter at most 120 characters.",
  },
  minRam: {
    url: gbInUrl(256),
    saved: absent(wholeGb("RAM", 256)),
    dropped: "Enter a whole number of GB from 1 to 256.",
  },
  minStorage: {
    url: gbInUrl(16_384),
    saved: absent(wholeGb("Storage", 16_384)),
    dropped: "Enter a whole number of GB from 1 to 16384.",
  },
  cpu: newerChoice(z.string().trim().toLowerCase().regex(CPU_FAMILY, FILTER_ERRORS.cpu)),
  tier: newerNumber(wholeNumber(1, PERFORMANCE_TIERS.length, FILTER_ERRORS.tier)),
  minBattery: newerNumber(wholeNumber(0, 100, FILTER_ERRORS.minBattery)),
  minScreen: inches(FILTER_ERRORS.minScreen),
  maxScreen: inches(FILTER_ERRORS.maxScreen),
  storageType: newerChoice(z.enum(STORAGE_TYPES, { error: FILTER_ERRORS.storageType })),
  maxYears: newerNumber(wholeNumber(0, 30, FILTER_ERRORS.maxYears)),
  verified: newerFlag(FILTER_ERRORS.verified),
  /** Laptops their sellers post to buyers (not only meet them). */
  ships: newerFlag(FILTER_ERRORS.ships),
  /** Laptops with a battery report's figures (core/catalogue/battery-report.ts). */
  batteryVerified: newerFlag(FILTER_ERRORS.batteryVerified),
  /** Laptops whose sellers ticked "Charger included" (the advert's checklist). */
  charger: newerFlag(FILTER_ERRORS.charger),
  /** Laptops whose sellers showed our team a proof photo (core/catalogue/proof-photos.ts). */
  inHand: newerFlag(FILTER_ERRORS.inHand),
};
type Checks = typeof FILTER_CHECKS;
export type FilterName = keyof Checks;

/** Each filter's check in one place (`url` or `saved`), as the fields of an object schema. */
export const checksFor = <Where extends "url" | "saved">(where: Where) =>
  Object.fromEntries(Object.entries(FILTER_CHECKS).map(([name, checks]) => [name, checks[where]])) as {
    [K in FilterName]: Checks[K][Where];
  };

/** The message under each older filter whose value in a URL was dropped. */
export const DROPPED_MESSAGES = Object.fromEntries(
  Object.entries(FILTER_CHECKS).flatMap(([name, checks]) => ("dropped" in checks ? [[name, checks.dropped]] : [])),
) as Partial<Record<FilterName, string>>;
