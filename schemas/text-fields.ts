import { z } from "zod";
import { visibleText } from "./text-safety.ts";

/**
 * Text that must say something — a message, a review and its answer, report details, a name, a reason —
 * is refused when nothing visible remains once whitespace and invisible characters (zero-width spaces,
 * bidi controls, fillers: text-safety.ts) are taken away, with the message of an empty field: ten spaces
 * and twenty zero-width spaces are an empty review, not a review. The text itself is kept as typed (but
 * for the spaces around it): a zero-width joiner inside an emoji or a Persian word stays. Every such zod
 * schema uses these, so the forms and the server refuse the same things.
 */

/** Whether a reader would see anything in it. */
export const saysSomething = (value: string) => visibleText(value) !== "";

/** How many characters a reader sees (a minimum length counts these, not the invisible ones). */
export const visibleLength = (value: string) => [...visibleText(value)].length;

/** A text field that must say something: trimmed, refused with `required` when missing, empty or blank. */
export const requiredText = (required: string) =>
  z.string({ error: required }).trim().refine(saysSomething, { message: required, abort: true });

/**
 * A text field that may be left out: trimmed, and "not given" (undefined) when empty or blank — blank
 * details are no details, never stored as an empty-looking text.
 */
export const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .optional()
    .transform((v) => (v && saysSomething(v) ? v : undefined));
