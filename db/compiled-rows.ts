import { Column, getTableName, is, SQL, Subquery } from "drizzle-orm";

/** How a selected field's database value becomes its JavaScript value (a column, or an expression's decoder). */
type Decoder = { mapFromDriverValue(value: unknown): unknown };
type Row = Record<string, unknown>;

/**
 * What node-postgres' prepared query holds (drizzle-orm 0.45): its selected fields in the statement's
 * order, which joined tables may be missing (left joins), and the mapper it uses instead of its own.
 */
interface PreparedInternals {
  fields?: { path: string[]; field: unknown }[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
}

/**
 * A prepared select whose rows are mapped by a mapper worked out once, when it is prepared. drizzle's own
 * (mapResultRow) works out again for every field of every row what kind of field it is, through `is()`:
 * a fifth of the app's time for a page of 20 conversations at 50 connections (bench/conversations.ts).
 * Same rows, same values: each field's own decoder, and drizzle's rule for a left-joined table's nested
 * object (null when its first column is) — tests/integration/compiled-rows.test.ts compares the two mappers.
 */
export function compiledRows<T>(prepared: T): T {
  const query = prepared as PreparedInternals;
  if (!query.fields || query.customResultMapper) return prepared;
  const nullable = query.joinsNotNullableMap;
  const fields = query.fields.map(({ path, field }) => ({
    path,
    decoder: decoderOf(field),
    // For a left join's nested object: the table each of its columns comes from.
    table: nullable && is(field, Column) && path.length === 2 ? getTableName(field.table) : null,
  }));
  query.customResultMapper = (rows) => rows.map((row) => mapRow(fields, nullable, row));
  return prepared;
}

function decoderOf(field: unknown): Decoder {
  // An expression's decoder is internal to drizzle (its `.mapWith()`): read as mapResultRow reads it.
  const decoderOfSql = (expression: unknown) => (expression as { decoder: Decoder }).decoder;
  if (is(field, Column)) return field;
  if (is(field, SQL)) return decoderOfSql(field);
  if (is(field, Subquery)) return decoderOfSql((field as unknown as { _: { sql: SQL } })._.sql);
  return decoderOfSql((field as SQL.Aliased).sql);
}

function mapRow(
  fields: { path: string[]; decoder: Decoder; table: string | null }[],
  nullable: Record<string, boolean> | undefined,
  row: unknown[],
): Row {
  const result: Row = {};
  // Per nested object of joined columns: its table when its first column was null, else false (drizzle's rule).
  let allNull: Record<string, string | false> | undefined;
  for (let i = 0; i < fields.length; i++) {
    const { path, decoder, table } = fields[i] as (typeof fields)[number];
    const raw = row[i];
    const value = raw === null ? null : decoder.mapFromDriverValue(raw);
    let node = result;
    for (let p = 0; p < path.length - 1; p++) {
      const key = path[p] as string;
      node[key] ??= {};
      node = node[key] as Row;
    }
    node[path[path.length - 1] as string] = value;
    if (table !== null) {
      const name = path[0] as string;
      allNull ??= {};
      if (!(name in allNull)) allNull[name] = value === null ? table : false;
      else if (allNull[name] !== table) allNull[name] = false;
    }
  }
  if (allNull && nullable)
    for (const [name, table] of Object.entries(allNull)) if (table !== false && !nullable[table]) result[name] = null;
  return result;
}
