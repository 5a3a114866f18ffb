/** The columns and check lists the tables of every domain share. */
import { sql } from "drizzle-orm";
import { timestamp } from "drizzle-orm/pg-core";

/** A check constraint's list, from the one definition of the values. */
export const oneOf = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

/** Milliseconds: the precision JavaScript dates carry, so a pagination cursor names a row exactly. */
export const createdAt = () => timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow();

export const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
