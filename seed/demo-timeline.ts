import { sql } from "drizzle-orm";
import { playedEarlier } from "../core/orders/index.ts";
import type { Db } from "../db/client.ts";

const HOUR = 3_600_000;
/** A timestamp as written below (ISO 8601 in UTC, to the microsecond): safe to write into a statement. */
const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;
/** The outbox's claim and delivery times say what a delivery is doing now: only its row's creation is moved. */
const OUTBOX_KEEPS = "email_outbox";

/**
 * The demo tells a story over weeks (accounts made months ago, a sale three weeks ago, a question last night),
 * but it is seeded in a second or two through the core, which stamps everything with the present. A step run
 * by `happened(hoursAgo, step)` is moved afterwards to that time: every timestamp the step wrote — any
 * timestamp column of the app's tables within the step's start and end — goes back by the same amount, so
 * its rows keep their order and their gaps. Times a step sets in the future (an expiry) or in the past (an
 * advert's given date) are outside that window and stay as they are; so does what is seeded outside a step.
 * A sale's step reads its present from the sale's clock, which runs that far behind while it plays
 * (core/orders/deadlines.ts: `playedEarlier`): its handover and the deadline it sets are already where the
 * story puts them, and so are the words of the notice that names the deadline (text, which no move could mend).
 *
 * The window is read from both clocks that stamp rows (PostgreSQL's `now()`, JavaScript's `new Date()`), to
 * the millisecond the columns keep. Seeding runs before the job queue starts, holding the start-up lock, so
 * nothing else writes meanwhile; the outbox's delivery columns are left alone all the same.
 */
export function demoTimeline(db: Db) {
  const seededAt = Date.now();
  const clock = async () => {
    const { rows } = (await db.execute(
      sql`select to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at`,
    )) as unknown as { rows: { at: string }[] };
    return new Date(rows[0]?.at ?? Number.NaN).getTime();
  };

  return async function happened<T>(hoursAgo: number, step: () => Promise<T>): Promise<T> {
    // Whole milliseconds, widened by one at each end: what the columns store is rounded to one.
    const startMs = Math.floor(Math.min(Date.now(), await clock())) - 1;
    const atMs = seededAt - hoursAgo * HOUR;
    // A sale's step is played at its moment in the story: the deadline it sets, and the notice naming it, count
    // from when its rows are moved to below, not from today.
    const result = await playedEarlier(startMs - atMs, step);
    const endedAt = Math.max(Date.now(), await clock());
    const start = new Date(startMs).toISOString();
    const end = new Date(Math.ceil(endedAt) + 1).toISOString();
    const at = new Date(atMs).toISOString();
    if (![start, end, at].every((t) => TIMESTAMP.test(t))) throw new Error(`not a timestamp: ${start} ${end} ${at}`);
    // One statement for every table (the embedded database pays per statement): each of the schema's
    // timestamp columns, moved where the step wrote it. A DO block takes no parameters, hence the checked
    // literals above.
    await db.execute(
      sql.raw(`do $$
declare t record;
begin
  -- The ledger refuses edits, but lets this statement move its entries' times (migration 0029).
  perform set_config('relaptop.demo_timeline', 'on', true);
  for t in
    select n.nspname, c.relname,
           string_agg(format('%1$I = case when %1$I between %2$L and %3$L then %1$I - (%2$L::timestamptz - %4$L::timestamptz) else %1$I end',
                             a.attname, '${start}', '${end}', '${at}'), ', ') as moves,
           string_agg(format('%1$I between %2$L and %3$L', a.attname, '${start}', '${end}'), ' or ') as wrote
    from pg_attribute a
    join pg_class c on c.oid = a.attrelid
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind = 'r'
      and a.atttypid = 'timestamptz'::regtype and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      and (c.relname <> '${OUTBOX_KEEPS}' or a.attname = 'created_at')
    group by n.nspname, c.relname
  loop
    execute format('update %I.%I set %s where %s', t.nspname, t.relname, t.moves, t.wrote);
  end loop;
end $$`),
    );
    return result;
  };
}
