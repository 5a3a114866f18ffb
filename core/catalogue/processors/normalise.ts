/** Lower case, trademarks and clock speeds out, AMD's PRO twins folded onto their models, words split. */
export function words(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/\((?:r|tm)\)|[®™]/g, " ")
    .replace(/@?\s*~?\d+(?:[.,]\d+)?\s*[gm]hz\b/g, " ")
    .replace(/\+/g, " plus ")
    .replace(/\b(ryzen(?:\s*ai)?\s*\d)\s*pro\b/g, "$1")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/**
 * Words joined into one string to look aliases up in: "i7 8650u" → "i78650u", but two numbers keep a mark
 * between them ("ryzen 5 5800u" → "ryzen5|5800u"), so a model number is never read out of a longer one.
 */
export const squash = (text: string) => text.replace(/(\d) (?=\d)/g, "$1|").replace(/ /g, "");
