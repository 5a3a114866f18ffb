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

/**
 * Characters that show nothing or reorder what follows: format characters (zero-width space, word
 * joiner, BOM, soft hyphen, bidi embeddings, overrides and isolates, tags), fillers and variation
 * selectors. A zero-width (non-)joiner is kept between two letters only: some scripts (Persian,
 * Indic) spell with it.
 */
const INVISIBLE =
  // biome-ignore lint/suspicious/noMisleadingCharacterClass: each of these is removed on its own; none is meant to combine.
  /(?![\u200C\u200D])\p{Cf}|[\u034F\u115F\u1160\u17B4\u17B5\u180B-\u180F\u2800\u3164\uFE00-\uFE0F\uFFA0\u{E0100}-\u{E01EF}]|(?<![\p{L}\p{M}])[\u200C\u200D]|[\u200C\u200D](?!\p{L})/gu;

/** Text as people will see it, nothing hidden: NFC, no invisible characters, single spaces, trimmed. */
export function visibleText(value: string): string {
  return value
    .normalize("NFC")
    .replace(INVISIBLE, "")
    .replace(/[\s\p{Cc}]+/gu, " ")
    .trim();
}

/** Check marks that pass for the verified badge (✓ ✔ ✅ ☑ 🗸 🗹 √ ⍻ 🛡). */
const CHECK_MARK = /[\u2713\u2714\u2705\u2611\u{1F5F8}\u{1F5F9}\u221A\u237B\u{1F6E1}]/u;

export const hasCheckMark = (value: string) => CHECK_MARK.test(value.normalize("NFKC"));

/**
 * Look-alikes folded to one Latin letter: Cyrillic and Greek letters drawn like Latin ones, and digits
 * or signs used for letters. A small map, not Unicode's full confusables table: enough to catch a name
 * passing for a role word, which is all it is used for.
 */
const LOOK_ALIKES: Record<string, string> = Object.fromEntries(
  [
    ["аАαΑ@4", "a"],
    ["вВβΒь", "b"],
    ["сСϲϹ", "c"],
    ["ԁ", "d"],
    ["еЕёεΕϵҽ3", "e"],
    ["ɡ", "g"],
    ["нНһΗ", "h"],
    ["іІӀӏιΙl|!1", "i"],
    ["јЈϳ", "j"],
    ["кКκΚ", "k"],
    ["мМΜ", "m"],
    ["ηΝп", "n"],
    ["оОοΟσօס0", "o"],
    ["рРρΡ", "p"],
    ["ԛ", "q"],
    ["ѕЅ$5", "s"],
    ["тТτΤ7+", "t"],
    ["υս", "u"],
    ["νѵ", "v"],
    ["ԝωѡ", "w"],
    ["хХχΧ", "x"],
    ["уУγΥү", "y"],
    ["Ζ", "z"],
  ].flatMap(([from = "", to = ""]) => [...from].map((c) => [c, to])),
);

/**
 * What a text looks like, for comparing: compatibility forms folded (full-width, mathematical
 * letters), accents dropped, look-alikes mapped to Latin, lower case, "rn" read as "m", and the
 * invisible characters gone. "Аdmin" with a Cyrillic А, "ＡＤＭＩＮ" and "Adm1n" all read "admin".
 */
export function skeleton(value: string): string {
  const folded = visibleText(value)
    .replace(/[\u200C\u200D]/g, "")
    .normalize("NFKD")
    .replace(/\p{M}/gu, "");
  return [...folded]
    .map((c) => LOOK_ALIKES[c] ?? LOOK_ALIKES[c.toLowerCase()] ?? c.toLowerCase())
    .join("")
    .replace(/rn/g, "m");
}
