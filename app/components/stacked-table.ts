/**
 * Tables that stack below md: each row becomes a card whose cells are labelled lines (their column's name
 * from `data-label`), so status and actions stay on screen instead of in a sideways scroll. The header row
 * stays for screen readers only. Used by admins' tables: All Sellers, All Buyers, Email delivery.
 */
export const STACK = {
  table: "table max-md:block",
  head: "max-md:sr-only",
  body: "max-md:flex max-md:flex-col max-md:gap-3",
  row: "max-md:flex max-md:flex-col max-md:rounded-box max-md:border max-md:border-base-300 max-md:p-2",
  cell: "max-md:flex max-md:flex-wrap max-md:items-center max-md:gap-x-2 max-md:py-1",
  labelled: "max-md:before:w-16 max-md:before:font-semibold max-md:before:content-[attr(data-label)]",
};
