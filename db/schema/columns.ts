/** The columns and check lists the tables of every domain share (spread or called in each table, as Drizzle suggests). */
import { sql } from "drizzle-orm";
import { type AnyPgColumn, customType, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** A check constraint's list, from the one definition of the values. */
export const oneOf = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

/** PostgreSQL's full-text search types, which Drizzle has no builder for: a document, and a query to match it with. */
export const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
export const tsquery = customType<{ data: string }>({ dataType: () => "tsquery" });

/** A row's own id: a random UUID, made by PostgreSQL on insert. */
export const uuidPrimaryKey = () => uuid("id").primaryKey().defaultRandom();

/** What deleting the row a link names does: `cascade` deletes this row too, `restrict` refuses while it exists. */
export type OnDelete = "cascade" | "restrict";

/** A required link to another table's UUID id (userRef, in accounts.ts, is the one to a person). */
export const uuidRef = (name: string, target: () => AnyPgColumn, onDelete: OnDelete) =>
  uuid(name).notNull().references(target, { onDelete });

/** Milliseconds: the precision JavaScript dates carry, so a pagination cursor names a row exactly. */
export const createdAt = () => timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow();

export const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/**
 * One status change of a row whose history is kept (an order's, an advert's): to what, by which transition, who
 * made it (null: the system), the note written for people, and when. Each table says its `fromStatus`.
 */
export const statusChange = () => ({
  toStatus: text("to_status").notNull(),
  transition: text("transition").notNull(),
  actorId: text("actor_id"),
  note: text("note"),
  at: createdAt(),
});

/** When a row that changes was made and last changed. */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });
