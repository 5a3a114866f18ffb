import { is, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { PgColumn } from "drizzle-orm/pg-core";

/**
 * Largest (newest) first, spelled as drizzle builds a `.desc()` index column: DESC NULLS LAST. PostgreSQL's
 * plain DESC means NULLS FIRST, and no such index gives rows in that order — not even for a NOT NULL
 * column — so a keyset page ordered with drizzle's `desc()` reads and sorts every row of its person (all
 * their conversations, notifications, messages) where this reads the first page straight from the index.
 */
export const descAsIndexed = (column: SQLWrapper): SQL => sql`${column} desc nulls last`;

/**
 * An ordering that is not a column: an aggregate of a group (`count(*)`, `max(created_at)`), with the SQL type
 * its cursor value is read as. Its cursor goes in HAVING: `.having(pastCursor(…))`.
 */
export interface OrderExpression {
  expression: SQL;
  type: string;
}
export const ordered = (expression: SQL, type: string): OrderExpression => ({ expression, type });

/**
 * A cursor's time, written as epoch milliseconds, as the ISO text PostgreSQL reads: null unless it is one
 * (digits only, before the year 10000), so no cursor reaches the database as a time it refuses.
 */
export function cursorTime(ms: string): string | null {
  if (!/^[0-9]{1,15}$/.test(ms) || Number(ms) > 253_402_300_799_999) return null;
  return new Date(Number(ms)).toISOString();
}

/**
 * The rows past a keyset cursor, for a page in the order of an index on (…, columns): after it in ascending
 * order, before it in descending order. Spelled as a row comparison, PostgreSQL reads it as the index scan's
 * starting point; spelled out (`first < x or (first = x and second < y)`) it is only a filter, and each page
 * read every row of the person before it (tests/integration/keyset-plans.test.ts). For groups ordered by
 * aggregates (`ordered(…)`), the same comparison in HAVING, the group's id last, skips none and shows none twice.
 */
export function pastCursor(order: "asc" | "desc", columns: (PgColumn | OrderExpression)[], values: unknown[]): SQL {
  const isColumn = (column: PgColumn | OrderExpression): column is PgColumn => is(column, PgColumn);
  const expression = (column: PgColumn | OrderExpression) => (isColumn(column) ? column : column.expression);
  const type = (column: PgColumn | OrderExpression) => (isColumn(column) ? column.getSQLType() : column.type);
  const cast = (column: PgColumn | OrderExpression, value: unknown) => sql`${value}::${sql.raw(type(column))}`;
  return sql`(${sql.join(columns.map(expression), sql`, `)}) ${sql.raw(order === "asc" ? ">" : "<")} (${sql.join(
    columns.map((column, i) => cast(column, values[i])),
    sql`, `,
  )})`;
}
