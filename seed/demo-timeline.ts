import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";

const HOUR = 3_600_000;
/** A timestamp as PostgreSQL prints one, or as toISOString writes one: safe to write into a statement. */
const TIMESTAMP = /^[0-9:. TZ+-]+$/;

/**
 * The demo tells a story over weeks (accounts made months ago, a sale three weeks ago, a question last night),
 * but it is seeded in a second or two through the core, which stamps everything with the present. A step run
 * by `happened(hoursAgo, step)` is moved afterwards to that time: every timestamp the step wrote — any
 * timestamp column of the app's tables between the step's start and end — goes back by the same amount, so
 * its rows keep their order and their gaps. Times a step sets in the future (an expiry) or in the past (an
 * advert's given date) are outside that window and stay as they are.
 *
 * Steps are run in the story's order, so what is newest in the story is also what was written last.
 */
export function demoTimeline(db: Db) {
  const seededAt = Date.now();
  const clock = async () => {
    const { rows } = (await db.execute(sql`select clock_timestamp()::text as at`)) as unknown as {
      rows: { at: string }[];
    };
    return rows[0]?.at ?? "";
  };

  return async function happened<T>(hoursAgo: number, step: () => Promise<T>): Promise<T> {
    const start = await clock();
    const result = await step();
    const end = await clock();
    const at = new Date(seededAt - hoursAgo * HOUR).toISOString();
    if (![start, end, at].every((t) => TIMESTAMP.test(t))) throw new Error(`not a timestamp: ${start} ${end} ${at}`);
    // One statement for every table (the embedded database pays per statement): each of the schema's
    // timestamp columns, moved where the step wrote it. A DO block takes no parameters, hence the checked
    // literals above.
    await db.execute(
      sql.raw(`do $$
declare t record;
begin
  for t in
    select c.relname,
           string_agg(format('%1$I = case when %1$I between %2$L and %3$L then %1$I - (%2$L::timestamptz - %4$L::timestamptz) else %1$I end',
                             a.attname, '${start}', '${end}', '${at}'), ', ') as moves,
           string_agg(format('%1$I between %2$L and %3$L', a.attname, '${start}', '${end}'), ' or ') as wrote
    from pg_attribute a join pg_class c on c.oid = a.attrelid
    where c.relnamespace = current_schema()::regnamespace and c.relkind = 'r'
      and a.atttypid = 'timestamptz'::regtype and a.attnum > 0 and not a.attisdropped
    group by c.relname
  loop
    execute format('update %I set %s where %s', t.relname, t.moves, t.wrote);
  end loop;
end $$`),
    );
    return result;
  };
}
