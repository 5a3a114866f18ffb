import { storageSize } from "./values.ts";

/* No zod here: every card imports it. */

/** A laptop's specs as cards and its page write them; null where its seller left a spec out. */
type Specs = {
  processorName: string | null;
  ramGb: number | null;
  storageGb: number | null;
  storageType: string | null;
  screenInches: string | null;
  batteryHealth: number | null;
  condition: string;
};

export const ramText = (gb: number) => `${gb} GB`;
export const storageText = (gb: number, type: string | null) => `${storageSize(gb)}${type ? ` ${type}` : ""}`;
export const screenText = (inches: string) => `${inches}″`;
export const batteryText = (percent: number) => `${percent}%`;
/** "excellent" → "Excellent": the conditions are stored as the spec spells them ("excellent", "good", "Fair"). */
export const conditionText = (condition: string) => condition.slice(0, 1).toUpperCase() + condition.slice(1);

/**
 * What laptops are bought by, in the order people scan them: "Core i7-8650U · 16 GB RAM · 512 GB SSD · 14″ ·
 * Good · Battery 87%". The specs a seller left out are left out.
 */
export function specLine(a: Specs): string[] {
  return [
    a.processorName,
    a.ramGb ? `${ramText(a.ramGb)} RAM` : null,
    a.storageGb ? storageText(a.storageGb, a.storageType) : null,
    a.screenInches ? screenText(a.screenInches) : null,
    conditionText(a.condition),
    a.batteryHealth !== null ? `Battery ${batteryText(a.batteryHealth)}` : null,
  ].filter((part): part is string => part !== null);
}
