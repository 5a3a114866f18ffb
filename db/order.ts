import { type SQL, type SQLWrapper, sql } from "drizzle-orm";

/**
 * Largest (newest) first, spelled as drizzle builds a `.desc()` index column: DESC NULLS LAST. PostgreSQL's
 * plain DESC means NULLS FIRST, and no such index gives rows in that order — not even for a NOT NULL
 * column — so a keyset page ordered with drizzle's `desc()` reads and sorts every row of its person (all
 * their conversations, notifications, messages) where this reads the first page straight from the index.
 */
export const descAsIndexed = (column: SQLWrapper): SQL => sql`${column} desc nulls last`;
