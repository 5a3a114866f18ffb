import type { ProcessorHints } from "../../../schemas/processors.ts";
import type { PerformanceTier } from "../../../schemas/values.ts";
import { matchProcessor } from "./match.ts";
import { words } from "./normalise.ts";
import { PROCESSORS, type Processor, tierName } from "./processors.ts";

/** Each processor's place in its group (0: the one sellers most often mean) and the group's year. */
const inGroup = new Map<string, { year: number; count: number }>();
const SEARCHABLE = PROCESSORS.map((p) => {
  const text = words(`${p.name} ${p.family} ${p.generation}`);
  const group = inGroup.get(`${p.family} ${p.generation}`) ?? { year: p.year, count: 0 };
  inGroup.set(`${p.family} ${p.generation}`, { ...group, count: group.count + 1 });
  return {
    p,
    tokens: text.split(" "),
    joined: words(p.name).replace(/ /g, ""),
    rank: group.count,
    groupYear: group.year,
  };
});

/**
 * Up to `limit` processors for what a seller has typed so far: those whose words start with each word typed
 * ("i7 86" → i7-8650U, "m1 pro" → both M1 Pro), or whose name holds it written together ("i78650"). The one
 * the text already names comes first, then those that matched word by word; among equals, newer generations
 * first and within a generation the more common models first, in the list's order ("i5 825": the i5-8250U
 * most laptops of 2017–2018 have, before the i5-8259U and i5-8257U of a few MacBooks — newer, but rarer).
 */
export function suggestProcessors(typed: string, limit = 8): Processor[] {
  const text = words(typed);
  if (text.length < 2) return [];
  const typedWords = text.split(" ");
  const together = text.replace(/ /g, "");
  const hits = SEARCHABLE.flatMap((s) => {
    const byWords = typedWords.every((w) => s.tokens.some((t) => t.startsWith(w)));
    return byWords || s.joined.includes(together) ? [{ ...s, byWords }] : [];
  });
  const named = matchProcessor(typed)?.processor;
  // Names that only hold the text written together come after the rest: "i7" is Intel's Core i7 before it is
  // the "…AI 7" in a Ryzen.
  return hits
    .sort(
      (a, b) =>
        Number(b.p === named) - Number(a.p === named) ||
        Number(b.byWords) - Number(a.byWords) ||
        b.groupYear - a.groupYear ||
        a.rank - b.rank,
    )
    .slice(0, limit)
    .map((hit) => hit.p);
}

const asReply = (p: Processor) => ({ key: p.key, name: p.name, performanceTier: tierName(p.tier) as PerformanceTier });

/** The processor field's hints (schemas/processors.ts): what the text reads as, and up to 8 suggestions. */
export function processorHints(typed: string): ProcessorHints {
  const match = matchProcessor(typed);
  return {
    recognised: match && { ...asReply(match.processor), exact: match.exact },
    suggestions: suggestProcessors(typed).map(asReply),
  };
}
