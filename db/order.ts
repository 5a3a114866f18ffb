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
 * The rows past a keyset cursor, for a page in the order of an index on (…, columns): after it in ascending
 * order, before it in descending order. Spelled as a row comparison, PostgreSQL reads it as the index scan's
 * starting point; spelled out (`first < x or (first = x and second < y)`) it is only a filter, and each page
 * read every row of the person before it (tests/integration/keyset-plans.test.ts).
 */
export function pastCursor(order: "asc" | "desc", columns: PgColumn[], values: unknown[]): SQL {
  const cast = (column: PgColumn, value: unknown) => sql`${value}::${sql.raw(column.getSQLType())}`;
  return sql`(${sql.join(columns, sql`, `)}) ${sql.raw(order === "asc" ? ">" : "<")} (${sql.join(
    columns.map((column, i) => cast(column, values[i])),
    sql`, `,
  )})`;
}
