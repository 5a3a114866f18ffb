import { useRootData } from "../root.tsx";
import { browserZone, FALLBACK_TIME_ZONE } from "./time-zone.ts";
import { useHydrated } from "./use-hydrated.ts";

/**
 * The zone to show times in: the one the page was rendered in while it hydrates (so the text matches), the
 * browser's own after.
 */
export function useTimeZone(): string {
  const rendered = useRootData()?.timeZone ?? FALLBACK_TIME_ZONE;
  return useHydrated() ? browserZone() : rendered;
}
