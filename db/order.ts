import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

/**
 * Largest (newest) first, spelled as drizzle builds a `.desc()` index column: DESC NULLS LAST. PostgreSQL's
 * plain DESC means NULLS FIRST, and no such index gives rows in that order — not even for a NOT NULL
 * column — so a keyset page ordered with drizzle's `desc()` reads and sorts every row of its person (all
 * their conversations, notifications, messages) where this reads the first page straight from the index.
 */
export const descAsIndexed = (column: SQLWrapper): SQL => sql`${column} desc nulls last`;

/**
 * The rows past a keyset cursor, for a page in the order of an index on (…, first, second): after it in
 * ascending order, before it in descending order. Spelled as a row comparison, PostgreSQL reads it as the
 * index scan's starting point; spelled out (`first < x or (first = x and second < y)`) it is only a filter,
 * and each page read every row of the person before it (tests/integration/keyset-plans.test.ts).
 */
export function pastCursor(
  order: "asc" | "desc",
  [first, second]: [PgColumn, PgColumn],
  [x, y]: [unknown, unknown],
): SQL {
  const as = (column: PgColumn) => sql.raw(column.getSQLType());
  return sql`(${first}, ${second}) ${sql.raw(order === "asc" ? ">" : "<")} (${x}::${as(first)}, ${y}::${as(second)})`;
}
