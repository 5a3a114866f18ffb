/** A column of a table: its name, or how it is set apart (numbers, the row's buttons). */
export type Column = string | { name: string; numeric?: boolean; hidden?: boolean };

/** A column of amounts or counts: its name and its figures right-aligned, so that they line up. */
export const numeric = (name: string): Column => ({ name, numeric: true });

/** The column of a row's buttons: needs no heading on screen, but is named for screen readers. */
export const ACTIONS: Column = { name: "Actions", hidden: true };

/** A table's header row: each column a heading of its column (`scope="col"`), in order. */
export function TableHead({ columns, className }: { columns: Column[]; className?: string }) {
  return (
    <thead className={className}>
      <tr>
        {columns.map((column) => {
          const c = typeof column === "string" ? { name: column } : column;
          return (
            <th key={c.name} scope="col" className={c.numeric ? "text-right" : undefined}>
              {c.hidden ? <span className="sr-only">{c.name}</span> : c.name}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
