/**
 * Tables that stack below md: each row becomes a card whose cells are labelled lines (their column's name
 * from `data-label`), so status and actions stay on screen instead of in a sideways scroll. The header row
 * stays for screen readers only. Used by admins' tables (All Sellers, All Buyers, Email delivery, Finance)
 * and a seller's Payouts.
 */
export const STACK = {
  table: "table max-md:block",
  head: "max-md:sr-only",
  body: "max-md:flex max-md:flex-col max-md:gap-3",
  row: "max-md:flex max-md:flex-col max-md:rounded-box max-md:border max-md:border-base-300 max-md:p-2",
  cell: "max-md:flex max-md:flex-wrap max-md:items-center max-md:gap-x-2 max-md:py-1",
  labelled: "max-md:before:w-16 max-md:before:font-semibold max-md:before:content-[attr(data-label)]",
};

import { type Column, TableHead } from "./table-head.tsx";

/**
 * A stacking table: its header row (for screen readers only on a phone) and its rows (`children`, each a
 * `<tr className={STACK.row}>`); named by its heading (`labelledBy`) where it has one. `body` takes a list's
 * focus keeper (useListFocus) where rows can leave the page.
 */
export function StackedTable({
  columns,
  labelledBy,
  body,
  children,
}: {
  columns: Column[];
  labelledBy?: string;
  body?: Pick<React.ComponentProps<"tbody">, "ref" | "onFocus">;
  children: React.ReactNode;
}) {
  return (
    <table className={STACK.table} aria-labelledby={labelledBy}>
      <TableHead columns={columns} className={STACK.head} />
      <tbody className={STACK.body} {...body}>
        {children}
      </tbody>
    </table>
  );
}

/**
 * A cell of a stacking table that says on a phone what it is: its column's (short) name before it, which the
 * label and the class showing it must both be there for.
 */
export function LabelledCell({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <td data-label={label} className={`${STACK.cell} ${STACK.labelled}${className ? ` ${className}` : ""}`}>
      {children}
    </td>
  );
}
