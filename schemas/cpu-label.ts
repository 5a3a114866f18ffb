/* No zod here: the browser names saved searches with it. */

const CPU_NAMES: Record<string, string> = { ultra: "Core Ultra", ryzen: "Ryzen", snapdragon: "Snapdragon" };
/** "i7" → "Core i7", "m2 pro" → "M2 Pro", "ryzen 5" → "Ryzen 5". */
export function cpuLabel(family: string) {
  if (/^i\d$/.test(family)) return `Core ${family}`;
  return family
    .split(" ")
    .map((w) => CPU_NAMES[w] ?? w.toUpperCase().slice(0, 1) + w.slice(1))
    .join(" ")
    .replace(/^Snapdragon x$/, "Snapdragon X");
}
