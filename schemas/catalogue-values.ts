/**
 * The catalogue's fixed values, without zod: pages that only list them (the /allAdd filters)
 * must not pull the validation library into their JavaScript.
 */
export const CONDITIONS = ["excellent", "good", "Fair"] as const;
export const STORAGE_TYPES = ["SSD", "HDD", "eMMC", "Hybrid"] as const;
export const MAX_PHOTOS = 6;
