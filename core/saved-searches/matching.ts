import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { advertToMatch, savedSearchPasses } from "../catalogue/index.ts";
import { notifyAll } from "../notifications/index.ts";

/** How many laptops one alert email lists at most. */
export const LAPTOPS_PER_EMAIL = 20;
/** Instant alerts email a saved search at most this often (the notifications in the app are not held back). */
export const EMAIL_EVERY = "1 hour";

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * For the rest of the transaction, no JIT compilation: matching reads every saved search once, which the
 * planner prices past `jit_above_cost`, and compiling the plan (inlining and optimising ~20 functions) took
 * ~240 ms of a 260 ms statement at 100,000 saved searches; without it the statement takes ~40 ms. The digest's
 * batches are priced the same way. SET LOCAL, so it passes through a pooler in transaction mode.
 */
export const withoutJit = (tx: Tx) => tx.execute(sql`set local jit = off`);

/**
 * Every saved search with alerts that the advert `a` (advertToMatch) passes: each filter as the catalogue's
 * search tests it (core/catalogue/search-filters.ts), a filter left empty passing anything (the BitmapOr of the
 * brand's searches and those of any brand narrows the rows first; see the indexes).
 */
const joinMatchingSearches = sql`
  join saved_searches s
    on s.alerts <> 'off'
    and s.user_id <> a."sellerId"
    and ${savedSearchPasses}`;

/** How many saved searches an advert matches: the matching statement alone (benchmarks, EXPLAIN). */
export const countMatchingSearches = (advertId: string) =>
  sql`with a as (${advertToMatch(advertId)}) select count(*)::int as n from a ${joinMatchingSearches}`;

/**
 * Matches one published advert against every saved search with alerts, in one SQL statement over the
 * searches' typed columns — the catalogue's search read the other way round, with the same filters. Never
 * the seller's own searches. Each (search, advert) is recorded once (the primary key), so a retried job
 * tells nobody twice. `inHandOnly`: the advert, matched before, became In hand (matchAgain): only the searches
 * for laptops In hand.
 */
async function matchAdvert(tx: Tx, advertId: string, inHandOnly: boolean) {
  const matched = rowsOf<{
    searchId: string;
    userId: string;
    searchName: string;
    alerts: "instant" | "daily";
    productName: string;
    priceCents: number;
  }>(
    await tx.execute(sql`
      with a as (${advertToMatch(advertId)}), m as (
        insert into saved_search_matches (saved_search_id, advert_id, user_id)
        select s.id, a.id, s.user_id from a ${joinMatchingSearches} ${inHandOnly ? sql`and s.in_hand_only` : sql``}
        on conflict do nothing
        returning saved_search_id, user_id
      )
      select m.saved_search_id as "searchId", m.user_id as "userId", s.name as "searchName", s.alerts,
        a.name as "productName", a.price as "priceCents"
      from m join saved_searches s on s.id = m.saved_search_id cross join a`),
  );
  const instant = matched.filter((m) => m.alerts === "instant");
  await notifyAll(
    tx,
    "savedSearch.match",
    instant.map((m) => ({
      recipientId: m.userId,
      params: {
        advertId,
        productName: m.productName,
        priceCents: m.priceCents,
        searchId: m.searchId,
        searchName: m.searchName,
      },
    })),
  );
  return instant.map((m) => m.searchId);
}

/**
 * The "new matches" emails of instant alerts: for each search with matches not yet emailed whose last
 * email is over an hour old (or never was), one email listing them. Taking the search — stamping its
 * `last_emailed_at` only if still due — is the claim, so two jobs never both email it within the hour.
 * `searchIds`: just these (right after matching); otherwise every search that is due (the sweep).
 */
async function sendInstantEmails(tx: Tx, searchIds?: string[]) {
  if (searchIds?.length === 0) return 0;
  const only = searchIds
    ? sql`and s.id in (${sql.join(
        searchIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql``;
  const claimed = rowsOf<{ id: string; userId: string; name: string }>(
    await tx.execute(sql`
      update saved_searches s set last_emailed_at = now()
      where s.alerts = 'instant'
        and (s.last_emailed_at is null or s.last_emailed_at < now() - ${EMAIL_EVERY}::interval)
        and s.id in (select m.saved_search_id from saved_search_matches m where m.emailed_at is null)
        ${only}
      returning s.id, s.user_id as "userId", s.name`),
  );
  if (claimed.length === 0) return 0;
  const ids = sql.join(
    claimed.map((c) => sql`${c.id}::uuid`),
    sql`, `,
  );
  // Every waiting match is now emailed; the email lists the newest 20 still for sale, and counts them all.
  const listed = rowsOf<{ searchId: string; advertId: string; productName: string; priceCents: number; n: number }>(
    await tx.execute(sql`
      with done as (
        update saved_search_matches set emailed_at = now()
        where saved_search_id in (${ids}) and emailed_at is null
        returning saved_search_id, advert_id, matched_at
      ), ranked as (
        select done.saved_search_id, a.id, a.name, a.resale_price_cents,
          row_number() over (partition by done.saved_search_id order by done.matched_at desc, a.id) as rank,
          count(*) over (partition by done.saved_search_id) as n
        from done join adverts a on a.id = done.advert_id and a.status = 'available'
      )
      select saved_search_id as "searchId", id as "advertId", name as "productName",
        resale_price_cents as "priceCents", n::int as n
      from ranked where rank <= ${LAPTOPS_PER_EMAIL} order by saved_search_id, rank`),
  );
  const notices = claimed.flatMap((c) => {
    const laptops = listed.filter((l) => l.searchId === c.id);
    if (laptops.length === 0) return []; // all sold or withdrawn meanwhile: nothing to tell
    return [
      {
        recipientId: c.userId,
        params: {
          searchId: c.id,
          searchName: c.name,
          total: laptops[0]?.n ?? laptops.length,
          laptops: laptops.map(({ advertId, productName, priceCents }) => ({ advertId, productName, priceCents })),
        },
      },
    ];
  });
  await notifyAll(tx, "savedSearch.instant", notices);
  return notices.length;
}

/**
 * The job: every publication not yet matched, a few at a time, each in its own transaction with its
 * notices (taken with SKIP LOCKED, so two workers share the work instead of repeating it); then the
 * instant emails that are due. Returns how many adverts were matched.
 */
export async function matchPublications(db: Db): Promise<number> {
  let matched = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const pending = rowsOf<{ advertId: string; inHandOnly: boolean }>(
        await tx.execute(sql`
          select advert_id as "advertId", in_hand_only as "inHandOnly" from advert_publications
          where matched_at is null order by published_at limit 1
          for update skip locked`),
      );
      const [publication] = pending;
      if (!publication) return false;
      await withoutJit(tx);
      const searches = await matchAdvert(tx, publication.advertId, publication.inHandOnly);
      await tx.execute(
        sql`update advert_publications set matched_at = now() where advert_id = ${publication.advertId}`,
      );
      await sendInstantEmails(tx, searches);
      return true;
    });
    if (!done) break;
    matched++;
  }
  // Matches that waited for their search's hour to pass.
  await db.transaction(async (tx) => {
    await withoutJit(tx);
    return sendInstantEmails(tx);
  });
  return matched;
}
