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
  /** From the laptop's battery report: shown instead of the typed figure when there is one. */
  batteryVerified?: number | null;
  batteryCycles?: number | null;
  condition: string;
};

export const ramText = (gb: number) => `${gb} GB`;
export const storageText = (gb: number, type: string | null) => `${storageSize(gb)}${type ? ` ${type}` : ""}`;
export const screenText = (inches: string) => `${inches}″`;
export const batteryText = (percent: number) => `${percent}%`;
/** A battery report's figures, as cards and the laptop's page say them: "Battery verified: 87 % · 312 cycles". */
export const batteryVerifiedText = (percent: number, cycles: number | null | undefined) =>
  `Battery verified: ${percent} %${cycles == null ? "" : ` · ${cycles} ${cycles === 1 ? "cycle" : "cycles"}`}`;
const reportDay = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});
/** "report of 3 Dec 2026" (the report's own date: a day, as the laptop wrote it). */
export const reportDayText = (at: string) => reportDay.format(new Date(at));
/** "excellent" → "Excellent": the conditions are stored as the spec spells them ("excellent", "good", "Fair"). */
export const conditionText = (condition: string) => condition.slice(0, 1).toUpperCase() + condition.slice(1);

/**
 * What laptops are bought by, in the order people scan them: "Core i7-8650U · 16 GB RAM · 512 GB SSD · 14″ ·
 * Good · Battery 87%". The specs a seller left out are left out; a battery report's figures replace the typed
 * battery health ("Battery verified: 87 % · 312 cycles").
 */
export function specLine(a: Specs): string[] {
  return [
    a.processorName,
    a.ramGb ? `${ramText(a.ramGb)} RAM` : null,
    a.storageGb ? storageText(a.storageGb, a.storageType) : null,
    a.screenInches ? screenText(a.screenInches) : null,
    conditionText(a.condition),
    a.batteryVerified != null
      ? batteryVerifiedText(a.batteryVerified, a.batteryCycles)
      : a.batteryHealth !== null
        ? `Battery ${batteryText(a.batteryHealth)}`
        : null,
  ].filter((part): part is string => part !== null);
}
