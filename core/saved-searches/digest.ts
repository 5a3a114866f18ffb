import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { notifyAll } from "../notifications/index.ts";
import { LAPTOPS_PER_EMAIL, withoutJit } from "./matching.ts";

/** People per transaction: one statement reads them, one writes their emails. */
const PEOPLE_PER_BATCH = 1000;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The daily digest (a schedule: once a day for the whole cluster): for each person with new matches on
 * their daily searches, one email listing the newest 20 still for sale and how many there are, with a
 * link to their saved searches. People are taken in batches by id (keyset), each batch in one
 * transaction that marks its matches emailed — so a run that dies half-way resumes with the rest, and a
 * second run the same day finds nothing to send again. Returns how many emails were written.
 */
export async function sendDailyDigests(db: Db): Promise<number> {
  let after = "";
  let sent = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      await withoutJit(tx);
      const people = rowsOf<{ userId: string }>(
        await tx.execute(sql`
          select distinct m.user_id as "userId" from saved_search_matches m
          join saved_searches s on s.id = m.saved_search_id and s.alerts = 'daily'
          where m.emailed_at is null and m.user_id > ${after}
          order by 1 limit ${PEOPLE_PER_BATCH}`),
      );
      if (people.length === 0) return null;
      const ids = sql.join(
        people.map((p) => sql`${p.userId}`),
        sql`, `,
      );
      const listed = rowsOf<{
        userId: string;
        advertId: string;
        productName: string;
        priceCents: number;
        searchName: string;
        n: number;
      }>(
        await tx.execute(sql`
          with done as (
            update saved_search_matches m set emailed_at = now()
            from saved_searches s
            where s.id = m.saved_search_id and s.alerts = 'daily' and m.emailed_at is null and m.user_id in (${ids})
            returning m.user_id, m.advert_id, m.matched_at, s.name as search_name
          ), ranked as (
            select done.user_id, a.id, a.name, a.resale_price_cents, done.search_name,
              row_number() over (partition by done.user_id order by done.matched_at desc, a.id) as rank,
              count(*) over (partition by done.user_id) as n
            from done join adverts a on a.id = done.advert_id and a.status = 'available'
          )
          select user_id as "userId", id as "advertId", name as "productName", resale_price_cents as "priceCents",
            search_name as "searchName", n::int as n
          from ranked where rank <= ${LAPTOPS_PER_EMAIL} order by user_id, rank`),
      );
      const byPerson = Map.groupBy(listed, (l) => l.userId);
      await notifyAll(
        tx,
        "savedSearch.daily",
        [...byPerson].map(([userId, laptops]) => ({
          recipientId: userId,
          params: {
            total: laptops[0]?.n ?? laptops.length,
            laptops: laptops.map(({ advertId, productName, priceCents, searchName }) => ({
              advertId,
              productName,
              priceCents,
              searchName,
            })),
          },
        })),
      );
      return { last: people.at(-1)?.userId ?? after, emails: byPerson.size };
    });
    if (!batch) return sent;
    after = batch.last;
    sent += batch.emails;
  }
}
