import { is, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { PgColumn } from "drizzle-orm/pg-core";
import { isUuid } from "./errors.ts";

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

/** What a keyset cursor's part is: a count of rows, a time (written as epoch milliseconds), or an id (a UUID). */
type CursorPart = "count" | "time" | "id";
/** Each part as PostgreSQL reads it, or null unless it is one: no cursor reaches the database as a value it refuses. */
const READ_PART: Record<CursorPart, (value: string) => string | null> = {
  count: (v) => (/^[1-9][0-9]{0,17}$/.test(v) ? v : null),
  // Digits only, before the year 10000: JavaScript reads "0" or "2020" as times PostgreSQL does not.
  time: (v) => (/^[0-9]{1,15}$/.test(v) && Number(v) <= 253_402_300_799_999 ? new Date(Number(v)).toISOString() : null),
  id: (v) => (isUuid(v) ? v : null),
};

/** Whether a cursor's id part is one PostgreSQL reads as an id: for a codec of its own (the search's). */
export const isCursorId = (value: unknown): value is string =>
  typeof value === "string" && READ_PART.id(value) !== null;

/**
 * An opaque keyset cursor of these parts, in the list's order: `encode` the last row shown, `decode` what a
 * client sent back into the values `pastCursor` takes (null when it is not one of ours).
 */
export function keysetCursor(parts: readonly CursorPart[]) {
  return {
    encode: (...values: (number | string | Date)[]) =>
      Buffer.from(values.map((v) => (v instanceof Date ? v.getTime() : v)).join("|")).toString("base64url"),
    decode(cursor: string): string[] | null {
      const values = Buffer.from(cursor, "base64url").toString().split("|");
      if (values.length !== parts.length) return null;
      const read = values.map((value, i) => READ_PART[parts[i] as CursorPart](value));
      return read.every((v) => v !== null) ? (read as string[]) : null;
    },
  };
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
