import { CONDITIONS, PERFORMANCE_TIERS } from "../../../schemas/values.ts";
import { size } from "./amounts.ts";
import { brandAt, CPU_LEADERS, cpuFamily } from "./names.ts";
import { found, type Step } from "./reading.ts";
import { INCH_WORDS, RAM_WORDS, STORAGE_SIZES, STORAGE_WORDS } from "./vocabulary.ts";

/* The laptop's parts and names: the steps of spec-query.ts after the amounts, in the order they are tried. */

/** Battery: "80% battery", "battery 80%", "80%+ battery". */
const battery: Step = ({ words, used }, i) => {
  const percent = words[i]?.match(/^(\d{1,3})%\+?$/);
  const [before, next] = [words[i - 1], words[i + 1]];
  if (!percent || Number(percent[1]) > 100 || !(next === "battery" || before === "battery")) return undefined;
  const start = before === "battery" && !used.has(i - 1) ? i - 1 : i;
  return found({ minBattery: Number(percent[1]) }, start, i - start + 1 + (next === "battery" ? 1 : 0));
};

/** Screen: `15.6"`, "14 inch", "16in" — that size, from and to. */
const screen: Step = ({ words }, i) => {
  const w = words[i] as string;
  const inches = w.match(/^(\d{2}(?:\.\d)?)(?:"|”|''|in|inch|inches)?$/);
  if (!inches || !(w !== inches[1] || INCH_WORDS.has(words[i + 1] ?? ""))) return undefined;
  const v = Number(inches[1]);
  return v >= 10 && v <= 20 ? found({ minScreen: v, maxScreen: v }, i, w !== inches[1] ? 1 : 2) : undefined;
};

/** Memory named first: "ram 16gb", "memory 32 gb". */
const memory: Step = ({ words }, i) => {
  if (!RAM_WORDS.has(words[i] as string)) return undefined;
  const s = size(words, i + 1);
  return s && s.unit !== "tb" && s.gb >= 1 && s.gb <= 256 ? found({ minRam: s.gb }, i, 1 + s.width) : undefined;
};

/** A size: memory ("16gb", "16 gb ram") or storage ("512", "1tb", "512 ssd": its type too). */
const sized: Step = ({ words }, i) => {
  const s = size(words, i);
  if (!s) return undefined;
  const after = words[i + s.width] ?? "";
  const type = STORAGE_WORDS[after];
  if (RAM_WORDS.has(after) && s.unit !== "tb" && s.gb <= 256) return found({ minRam: s.gb }, i, s.width + 1);
  const storage =
    after in STORAGE_WORDS || s.unit === "tb" || (s.unit === "gb" && s.gb >= 128) || STORAGE_SIZES.has(s.gb);
  if (storage && s.gb >= 8 && s.gb <= 16_384) {
    // "512 ssd": two filters; "512 storage": one, the word "storage" with it.
    const width = s.width + (after in STORAGE_WORDS && !type ? 1 : 0);
    return [
      ...found({ minStorage: Math.round(s.gb) }, i, width),
      ...(type ? found({ storageType: type }, i + s.width, 1) : []),
    ];
  }
  return s.unit === "gb" && s.gb >= 1 && s.gb <= 64 ? found({ minRam: s.gb }, i, s.width) : undefined;
};

/** A storage type alone: "ssd", "hdd". */
const storageType: Step = ({ words }, i) => {
  const type = STORAGE_WORDS[words[i] as string];
  return type ? found({ storageType: type }, i, 1) : undefined;
};

/** A processor family, with its maker's words before it: "intel core i7", "amd ryzen 5". */
const processor: Step = ({ words, used }, i) => {
  const cpu = cpuFamily(words, i);
  if (!cpu) return undefined;
  let start = i;
  while (start > 0 && CPU_LEADERS.has(words[start - 1] ?? "") && !used.has(start - 1)) start--;
  return found({ cpu: cpu.family }, start, i - start + cpu.width);
};

/** A brand, by name or by a model line (which is searched as text too). */
const brand: Step = ({ words, brands }, i) => {
  const named = brandAt(words, i, brands);
  if (!named) return undefined;
  return [{ set: { brand: named.brand.id }, from: i, width: named.width, ...(named.alias && { alsoText: true }) }];
};

/** "excellent", "good condition". */
const condition: Step = ({ words }, i) => {
  const named = CONDITIONS.find((c) => c.toLowerCase() === words[i]);
  return named ? found({ condition: named }, i, words[i + 1] === "condition" ? 2 : 1) : undefined;
};

/** A performance tier by its name: "workstation". */
const tier: Step = ({ words }, i) => {
  const index = PERFORMANCE_TIERS.findIndex((t) => t.toLowerCase() === words[i]);
  return index >= 0 ? found({ tier: index + 1 }, i, 1) : undefined;
};

/** "verified", "verified sellers". */
const verified: Step = ({ words }, i) =>
  words[i] === "verified"
    ? found({ verified: true }, i, words[i + 1] === "seller" || words[i + 1] === "sellers" ? 2 : 1)
    : undefined;

export const SPEC_STEPS = [battery, screen, memory, sized, storageType, processor, brand, condition, tier, verified];
