/** The search the spec-search issue gives as its example, and the chips it reads as, in their order. */
export const EXAMPLE_SEARCH = "thinkpad i7 16gb 512 ssd under 600";
export const EXAMPLE_SEARCH_CHIPS = [
  "Brand Lenovo",
  "Processor Core i7",
  "RAM 16 GB or more",
  "Storage 512 GB or more",
  "Storage type SSD",
  "Price $600 or less",
  "Words “thinkpad”",
];
