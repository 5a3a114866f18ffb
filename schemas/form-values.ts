import { z } from "zod";

/**
 * JSON bodies carry numbers and booleans as themselves: the API's request schemas never coerce, so
 * `"rating": "3"`, `true` or `[3]` is a 400 naming the field, not a rating of 3 or 1. Forms and query
 * strings carry only text: they are read here, explicitly, into what the same schemas take.
 */

/** A number as people write it in a form or a URL: digits, an optional sign and decimals. No "1e3" or "0x10". */
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** Text read as a number: "3" → 3, "" → not given; anything else is left as it is, for the schema to refuse by name. */
export function numberFromText(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const written = value.trim();
  if (written === "") return undefined;
  return DECIMAL.test(written) ? Number(written) : value;
}

/** A checkbox or a URL flag: "true" → true, "" → not given; anything else is left for the schema to refuse. */
export function booleanFromText(value: unknown): unknown {
  if (value === "true") return true;
  if (value === "false") return false;
  return value === "" ? undefined : value;
}

/** A number read from a query string or form field, then held to `schema` (give it `.optional()` when it may be left out). */
export const numberInText = <T extends z.ZodType>(schema: T) => z.preprocess(numberFromText, schema);

/**
 * A form's fields read into the shape `schema` takes, explicitly: each named field through its reader
 * (numberFromText, booleanFromText), the others as they are. The page's action and the browser's own
 * check both parse with it; the API parses JSON with `schema` alone.
 */
export function fromForm<S extends z.ZodType>(schema: S, readers: Record<string, (text: unknown) => unknown>) {
  return z.preprocess((values) => {
    if (!values || typeof values !== "object" || Array.isArray(values)) return values;
    const read: Record<string, unknown> = { ...values };
    for (const [field, reader] of Object.entries(readers)) if (field in read) read[field] = reader(read[field]);
    return read;
  }, schema);
}

/**
 * A form whose fields for an object are named by path ("shippingAddress.city") read into that object, for the
 * `groups` named: `schema` then checks it as the API's JSON, and its errors name the same paths as the fields.
 * Only plain names are read (a crafted "__proto__" is left as it is, for the schema to drop).
 */
export function nestedFromForm<S extends z.ZodType>(schema: S, groups: string[]) {
  return z.preprocess((values) => {
    if (!values || typeof values !== "object" || Array.isArray(values)) return values;
    const read: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(values)) {
      const [group, field, ...deeper] = key.split(".");
      if (group && field && deeper.length === 0 && groups.includes(group) && /^[A-Za-z]\w*$/.test(field)) {
        const into = typeof read[group] === "object" && read[group] !== null ? read[group] : {};
        read[group] = { ...into, [field]: value };
      } else if (!groups.includes(key)) read[key] = value;
    }
    return read;
  }, schema);
}
