/**
 * Text PostgreSQL cannot store as given — a NUL character, or broken Unicode (a lone surrogate,
 * which would come back changed) — is refused with a message, never stored or turned into a 500.
 */
export const NUL_MESSAGE = "This text contains a character that is not allowed";

/** The path of the first string that cannot be stored, or null. */
export function findNul(value: unknown, path = ""): string | null {
  if (typeof value === "string") return value.includes("\u0000") || !value.isWellFormed() ? path || "body" : null;
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) {
      const found = findNul(v, path ? `${path}.${i}` : String(i));
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === "object" && !(value instanceof Blob) && !(value instanceof Uint8Array)) {
    for (const [k, v] of Object.entries(value)) {
      const found = findNul(v, path ? `${path}.${k}` : k);
      if (found) return found;
    }
  }
  return null;
}
