import type { Db } from "./client.ts";

/**
 * Statements prepared once per database handle: built, named and given their row mapper (db/compiled-rows.ts)
 * once, so the database plans each once per connection and no request builds them again (bench/conversations.ts).
 * A cache keyed by the handle, so the verbs that run them stay plain functions of it.
 */
export function preparedOnce<T>(prepare: (db: Db) => T): (db: Db) => T {
  const prepared = new WeakMap<Db, T>();
  return (db) => {
    const known = prepared.get(db);
    if (known) return known;
    const statements = prepare(db);
    prepared.set(db, statements);
    return statements;
  };
}
