/**
 * STAND-IN, to be deleted when the processor list and its matcher (issue 16 §1) are merged: the tier and
 * year of the few processors the demo's sales history uses, so the advert form's price guidance works on
 * this branch. Its one caller is `priceGuidance` in price-guidance.ts.
 */
const KNOWN: Record<string, { performanceTier: number; processorYear: number }> = {
  "intel core i5-8250u": { performanceTier: 2, processorYear: 2017 },
  "intel core i5-8265u": { performanceTier: 2, processorYear: 2018 },
  "intel core i5-8350u": { performanceTier: 2, processorYear: 2017 },
  "intel core i7-8565u": { performanceTier: 3, processorYear: 2018 },
};

export function recogniseProcessorStandIn(typed: string | undefined) {
  return typed ? (KNOWN[typed.trim().toLowerCase().replace(/\s+/g, " ")] ?? null) : null;
}
