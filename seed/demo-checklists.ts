import type { ChecklistItem, Condition } from "../schemas/values.ts";

/**
 * What the demo's sellers tick of their laptops, as their grade would have it: an excellent laptop's screen
 * has no marks, a Fair one's may; every fourth laptop says nothing (sellers may leave the list empty), and
 * only some include the charger, so "Charger included" narrows /allAdd on a fresh demo.
 */
export function demoChecklist(i: number, condition: Condition): ChecklistItem[] {
  if (i % 4 === 3) return [];
  const works: ChecklistItem[] = ["keyboard", "ports", "hinges"];
  const charger: ChecklistItem[] = i % 3 === 0 ? [] : ["charger"];
  if (condition === "excellent") return ["screen", ...works, ...charger, ...(i % 2 === 0 ? ["box" as const] : [])];
  if (condition === "good") return ["screen", ...works, ...charger];
  return ["keyboard", "ports", ...charger];
}
