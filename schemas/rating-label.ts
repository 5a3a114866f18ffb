/** A seller's rating as cards show it, without zod (cards are on every visitor's page). */
export interface RatingValue {
  average: number;
  count: number;
}

/** "★ 4.8 (23)" — what cards and pages show. */
export const formatRating = (r: RatingValue) => `★ ${r.average.toFixed(1)} (${r.count})`;
