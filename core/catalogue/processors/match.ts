import { squash, words } from "./normalise.ts";
import { PROCESSORS, type Processor, representativeOf } from "./processors.ts";

/**
 * Reads what a seller typed in the Processor field: "i7-8650U", "Intel(R) Core(TM) i5-8250U CPU @ 1.60GHz",
 * "ryzen 5 5500u", "M1 Pro 10-core", "Apple M2", "Core i7 8th gen".
 *
 * `exact` is true when the text names one processor of the list; false when it is a best guess: a family and
 * generation without a model ("i7 8th gen" → the group's representative, its first model in processor-list.ts),
 * a model without its suffix that several share ("Ryzen 7 4800" → 4800U, the first listed), an Apple chip
 * without its core count ("M1 Pro" → its usual configuration), or an unlisted model whose generation its
 * number tells ("i5-8260U" → the 8th-gen i5 representative).
 */
export interface ProcessorMatch {
  processor: Processor;
  exact: boolean;
}

/** How sure an alias is: a model's own name or code, a model without its suffix, a whole group. */
type Kind = "model" | "bare" | "group";
const KIND_RANK: Record<Kind, number> = { model: 0, bare: 1, group: 2 };
interface Alias {
  text: string;
  kind: Kind;
  /** The processors it may mean, the list's order (the first is chosen). */
  processors: Processor[];
}

const VENDOR_WORDS = /\b(intel|amd|apple|qualcomm|core)\b/g;
const isApple = (p: Processor) => p.family.startsWith("Apple");

function aliasesOf(p: Processor): { text: string; kind: Kind }[] {
  const bare = words(p.name).replace(VENDOR_WORDS, " ").trim();
  const found: { text: string; kind: Kind }[] = [];
  if (isApple(p)) {
    // "M1 Pro 10-core": the chip is the alias; the core count is read separately (coresIn).
    found.push({ text: squash(words(p.name).replace(/^apple | \d+ core$/g, "")), kind: "group" });
    return found;
  }
  found.push({ text: squash(bare), kind: "model" });
  if (bare.startsWith("ryzen ai")) found.push({ text: squash(bare.slice("ryzen ".length)), kind: "model" });
  // "Ryzen AI Max+ 395" is often written without its plus.
  if (bare.includes(" plus ")) found.push({ text: squash(bare.replace(" plus ", " ")), kind: "model" });
  // The model code alone ("8650u", "n4020", "x1e78100"), when it has letters and digits: a bare number
  // ("7505", "370") could be anything and needs its family word.
  const last = p.name.split(" ").at(-1) ?? "";
  for (const code of new Set([last, last.split("-").at(-1) ?? ""])) {
    const c = squash(words(code));
    if (c.length >= 4 && /\d/.test(c) && /[a-z]/.test(c)) found.push({ text: c, kind: "model" });
  }
  // Without the suffix: "i7 8650", "ryzen 7 4800" (several models may share it).
  const withoutSuffix = /^(i[3579]\|?|ryzen[3579]\|)(\d{4,5})[a-z]/.exec(squash(bare));
  if (withoutSuffix) found.push({ text: `${withoutSuffix[1]}${withoutSuffix[2]}`, kind: "bare" });
  return found;
}

/** Family words that name a whole group (the representative is chosen). */
const GROUP_WORDS: [text: string, family: string, generation: string][] = [
  ["snapdragonxelite", "Snapdragon X Elite", "X1"],
  ["xelite", "Snapdragon X Elite", "X1"],
  ["snapdragonxplus", "Snapdragon X Plus", "X1"],
  ["xplus", "Snapdragon X Plus", "X1"],
];

const ALIASES: Alias[] = (() => {
  const table = new Map<string, Alias>();
  const add = (text: string, kind: Kind, p: Processor) => {
    const a = table.get(text);
    if (!a) table.set(text, { text, kind, processors: [p] });
    else if (!a.processors.includes(p)) a.processors.push(p);
  };
  for (const p of PROCESSORS) {
    for (const a of aliasesOf(p)) {
      add(a.text, a.kind, p);
      // Also as typed without the spaces: "x1e78100", "ryzen75800u".
      if (a.text.includes("|")) add(a.text.replaceAll("|", ""), a.kind, p);
    }
  }
  for (const [text, family, generation] of GROUP_WORDS) {
    const rep = representativeOf(family, generation);
    if (rep) add(text, "group", rep);
  }
  return [...table.values()];
})();

/** Where `alias` stands in `squashed` as a whole: no digit glued before it, nor after one it ends with. */
function occurs(squashed: string, alias: string): boolean {
  for (let at = squashed.indexOf(alias); at >= 0; at = squashed.indexOf(alias, at + 1)) {
    const before = squashed[at - 1] ?? "";
    const after = squashed[at + alias.length] ?? "";
    if (/\d/.test(before)) continue;
    if (/\d$/.test(alias) && /\d/.test(after)) continue;
    // "Core m3" is Intel's, not Apple's M3.
    if (alias.startsWith("m") && squashed.slice(Math.max(0, at - 4), at) === "core") continue;
    return true;
  }
  return false;
}

/** An Apple chip's CPU core count when written: "10-core", "10c CPU", "10 core cpu, 16 core gpu" → 10. */
function coresIn(text: string): number | undefined {
  for (const m of text.matchAll(/\b(\d{1,2}) ?(?:core|c)\b( ?gpu)?/g)) if (!m[2]) return Number(m[1]);
  return undefined;
}

const ordinal = (n: number) => `${n}${n === 1 ? "st" : n === 2 ? "nd" : n === 3 ? "rd" : "th"}`;

/** Intel's generation from a model number: 8650 → 8, 10510 → 10, 1165 → 11, 1235 → 12. */
function intelGeneration(digits: string): number {
  return digits.startsWith("1") ? Number(digits.slice(0, 2)) : Number(digits[0]);
}

/** A family and generation named without a (known) model: "Core i7 8th gen", "i5-8260U", "Ryzen 5 5000 series". */
function groupGuess(text: string): Processor | undefined {
  const intel = /(?:\b|core)i ?([3579])(?!\d)/.exec(text);
  if (intel) {
    const generation =
      /\b(\d{1,2}) ?(?:st|nd|rd|th)? ?gen(?:eration)?\b/.exec(text)?.[1] ??
      /\bgen(?:eration)? ?(\d{1,2})\b/.exec(text)?.[1] ??
      (() => {
        const code = /(?:\b|core)i ?[3579] ?(\d{4,5})[a-z]/.exec(text)?.[1];
        return code ? String(intelGeneration(code)) : undefined;
      })();
    if (generation) return representativeOf(`Intel Core i${intel[1]}`, `${ordinal(Number(generation))} gen`);
  }
  const ryzen = /\bryzen ?([3579]) ?([2-9])\d{3}\b|\bryzen ?([3579]) ?([2-9])\d{3}[a-z]/.exec(text);
  if (ryzen) {
    const [tier, series] = ryzen[1] ? [ryzen[1], ryzen[2]] : [ryzen[3], ryzen[4]];
    return representativeOf(`AMD Ryzen ${tier}`, `Ryzen ${series}000`);
  }
  const ultra = /\bultra ?([579])\b(?:.*\bseries ?([12])\b| ?([12])\d{2}[a-z])/.exec(text);
  if (ultra) return representativeOf(`Intel Core Ultra ${ultra[1]}`, `Series ${ultra[2] ?? ultra[3]}`);
  return undefined;
}

/** The processor a seller's text names, a best guess from its family and generation, or null. */
export function matchProcessor(typed: string | null | undefined): ProcessorMatch | null {
  const text = words(typed ?? "");
  if (!text) return null;
  const squashed = squash(text);
  let best: Alias | undefined;
  for (const alias of ALIASES) {
    if (!occurs(squashed, alias.text)) continue;
    if (
      !best ||
      KIND_RANK[alias.kind] < KIND_RANK[best.kind] ||
      (alias.kind === best.kind && alias.text.length > best.text.length)
    ) {
      best = alias;
    }
  }
  if (best) {
    const [first] = best.processors as [Processor];
    if (isApple(first)) {
      const cores = coresIn(text);
      const exact = best.processors.find((p) => p.cores === cores);
      return exact ? { processor: exact, exact: true } : { processor: first, exact: best.processors.length === 1 };
    }
    return { processor: first, exact: best.kind !== "group" && best.processors.length === 1 };
  }
  const guess = groupGuess(text);
  return guess ? { processor: guess, exact: false } : null;
}

/** What an advert stores beside the processor as typed (all null when it is not recognised). */
export function processorColumns(typed: string | null | undefined) {
  const match = matchProcessor(typed);
  return {
    processorKey: match?.processor.key ?? null,
    performanceTier: match?.processor.tier ?? null,
    processorYear: match?.processor.year ?? null,
    processorScore: match?.processor.score ?? null,
  };
}
