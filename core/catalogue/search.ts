import { and, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { compiledRows } from "../../db/compiled-rows.ts";
import { descAsIndexed, isCursorId } from "../../db/order.ts";
import { adverts } from "../../db/schema/index.ts";
import type { AdvertCard } from "../../schemas/catalogue.ts";
import { PAGE_SIZE, type SearchPage, type SearchParams, type Sort } from "../../schemas/search.ts";
import { FILTER_NAMES } from "../../schemas/search-filters.ts";
import { cardsOf, isAvailable, newestFirst, pageColumns, toCard } from "./cards.ts";
import { type Bind, filterConditions, filterValues } from "./search-filters.ts";

function isPriceCents(v: unknown) {
  return Number.isInteger(v) && (v as number) > 0 && (v as number) <= 2_147_483_647;
}

/** Each sort, written to match its index exactly (NULLS LAST as the indexes are built). */
const ORDER: Record<
  Sort,
  {
    by: SQL[];
    key: (r: AdvertCard) => number | string;
    /** Whether a cursor's key can belong to this sort (a cursor from another sort, or a forged one, cannot). */
    isKey: (v: unknown) => boolean;
    after: (v: SQL | Placeholder, id: SQL | Placeholder) => SQL;
    /** Going back: the rows before a page's first, read in the opposite order (the same index, scanned backwards). */
    before: (v: SQL | Placeholder, id: SQL | Placeholder) => SQL;
    backwards: SQL[];
  }
> = {
  newest: {
    by: newestFirst,
    key: (r) => r.createdAt,
    isKey: (v) => typeof v === "string" && !Number.isNaN(Date.parse(v)) && new Date(v).toISOString() === v,
    after: (v, id) => sql`(${adverts.createdAt}, ${adverts.id}) < (${v}::timestamptz, ${id}::uuid)`,
    before: (v, id) => sql`(${adverts.createdAt}, ${adverts.id}) > (${v}::timestamptz, ${id}::uuid)`,
    backwards: [sql`${adverts.createdAt} asc nulls first`, sql`${adverts.id} asc nulls first`],
  },
  price_asc: {
    by: [sql`${adverts.resalePriceCents} asc`, sql`${adverts.id} asc`],
    key: (r) => r.resalePriceCents,
    isKey: isPriceCents,
    after: (v, id) => sql`(${adverts.resalePriceCents}, ${adverts.id}) > (${v}::int, ${id}::uuid)`,
    before: (v, id) => sql`(${adverts.resalePriceCents}, ${adverts.id}) < (${v}::int, ${id}::uuid)`,
    backwards: [sql`${adverts.resalePriceCents} desc`, sql`${adverts.id} desc`],
  },
  price_desc: {
    by: [sql`${adverts.resalePriceCents} desc`, sql`${adverts.id} desc`],
    key: (r) => r.resalePriceCents,
    isKey: isPriceCents,
    after: (v, id) => sql`(${adverts.resalePriceCents}, ${adverts.id}) < (${v}::int, ${id}::uuid)`,
    before: (v, id) => sql`(${adverts.resalePriceCents}, ${adverts.id}) > (${v}::int, ${id}::uuid)`,
    backwards: [sql`${adverts.resalePriceCents} asc`, sql`${adverts.id} asc`],
  },
  /** Most performance per dollar first (adverts.value_per_dollar); laptops without a recognised processor last. */
  best_value: {
    by: [descAsIndexed(adverts.valuePerDollar), descAsIndexed(adverts.id)],
    key: (r) => r.valuePerDollar,
    isKey: (v) => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 2_147_483_647,
    after: (v, id) => sql`(${adverts.valuePerDollar}, ${adverts.id}) < (${v}::int, ${id}::uuid)`,
    before: (v, id) => sql`(${adverts.valuePerDollar}, ${adverts.id}) > (${v}::int, ${id}::uuid)`,
    backwards: [sql`${adverts.valuePerDollar} asc nulls first`, sql`${adverts.id} asc nulls first`],
  },
};

/**
 * Keyset pagination: the cursor is the last row's sort key, so page 5,000 costs
 * what page 1 costs; a cursor marked `back` holds a page's first row's key, for the page before it.
 * It is opaque to clients (base64url JSON). One that does not fit the sort is
 * ignored, like any odd URL parameter: the first page is shown.
 */
type Cursor = { v: number | string; id: string; back?: true };
const encode = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString("base64url");
function decode(cursor: string | undefined, sort: Sort): Cursor | undefined {
  if (!cursor) return undefined;
  try {
    const c = JSON.parse(Buffer.from(cursor, "base64url").toString());
    const fits = isCursorId(c?.id) && ORDER[sort].isKey(c.v) && [undefined, true].includes(c.back);
    return fits ? c : undefined;
  } catch {
    return undefined;
  }
}

export const asPlaceholder: Bind = (name) => sql.placeholder(name);
/** One parameter each, an array too (a bare array would be spread into a list of parameters). */
const asValue: Bind = (_name, value) => sql`${sql.param(value)}`;

/** Conditions for one search, all on available adverts: the filters it sets (search-filters.ts). */
export const searchConditions = (p: SearchParams, bind: Bind): SQL | undefined =>
  and(isAvailable, ...filterConditions(p, bind));

/**
 * The query behind a search page (one row more than a page, to know whether another follows — or, going
 * back, precedes). `within`: the ids of every match, when the counts found them all (facets.ts): the page
 * is read among those few by primary key, never by walking the sort's index past rows that do not match —
 * which, for words that match nothing, meant every available advert (5 s at 1 M). Counts kept from an
 * earlier search come with `since`: adverts posted after it are read too (newest index), so none is missed.
 */
export interface Within {
  ids: string[];
  since: Date | null;
}

function buildSearch(
  db: Db,
  p: SearchParams,
  cursor: Cursor | undefined,
  pageSize: number,
  bind: Bind,
  within?: Within,
) {
  const order = ORDER[p.sort];
  const from = cursor?.back ? order.before : order.after;
  const by = cursor?.back ? order.backwards : order.by;
  const page = db
    .select(pageColumns)
    .from(adverts)
    .where(
      and(
        searchConditions(p, bind),
        within ? among(within, bind) : undefined,
        cursor ? from(bind("cursorValue", cursor.v), bind("cursorId", cursor.id)) : undefined,
      ),
    )
    .orderBy(...by)
    .limit(pageSize + 1);
  return cardsOf(db, page, by);
}

function among({ ids, since }: Within, bind: Bind) {
  const listed = sql`${adverts.id} = any(${bind("ids", ids)}::uuid[])`;
  return since ? sql`(${listed} or ${adverts.createdAt} >= ${bind("since", since)}::timestamptz)` : listed;
}

/** The search as one SQL statement with its values in place, to EXPLAIN it. */
export const searchQuery = (db: Db, p: SearchParams, pageSize = PAGE_SIZE, within?: Within) =>
  buildSearch(db, p, decode(p.cursor, p.sort), pageSize, asValue, within);

/**
 * A name per query shape (which filters, which sort, first page or not): the database plans each
 * shape once per connection and reuses the plan, instead of planning every request (planning took
 * longer than running these queries).
 */
/** One digit per filter, so a new filter in the schema is a new shape (names stay under PostgreSQL's 63 bytes). */
export const filterShape = (p: SearchParams) => FILTER_NAMES.map((k) => (p[k] === undefined ? "0" : "1")).join("");

function shapeName(p: SearchParams, cursor: Cursor | undefined, pageSize: number, within: Within | undefined) {
  const present = filterShape(p);
  return `search_${p.sort}_${present}_${cursor ? (cursor.back ? "prev" : "next") : "first"}_${pageSize}${within ? (within.since ? "_within_since" : "_within") : ""}`;
}

/**
 * Searches run as statements prepared once per shape, here and in the database (but for a page among given
 * ids, below): building the query with Drizzle cost more CPU than the rest of the request. The shapes are bounded
 * (3 sorts × a set of filters × first/next page × among given ids or not).
 */
export function createSearch(db: Db) {
  const queries = new Map<string, Pick<ReturnType<typeof buildSearch>, "execute">>();
  return async function searchAdverts(
    p: SearchParams,
    pageSize = PAGE_SIZE,
    within?: Within,
  ): Promise<Omit<SearchPage, "filters">> {
    const order = ORDER[p.sort];
    const cursor = decode(p.cursor, p.sort);
    const name = shapeName(p, cursor, pageSize, within);
    let query = queries.get(name);
    if (!query) {
      const built = buildSearch(db, p, cursor, pageSize, asPlaceholder, within);
      // Among given ids, planned for them each time: a plan kept for the shape knows neither how many ids nor
      // how recent `since` is, and at 1 M adverts chose to intersect the filters' indexes (0.9 s) over
      // looking the ids up (7 ms).
      query = within ? built : compiledRows(built.prepare(name));
      queries.set(name, query);
    }
    const rows = await query.execute({
      ...filterValues(p),
      ids: within?.ids,
      since: within?.since?.toISOString(),
      cursorValue: cursor?.v,
      cursorId: cursor?.id,
    });
    const more = rows.length > pageSize;
    const page = rows.slice(0, pageSize).map(toCard);
    const items = cursor?.back ? page.reverse() : page;
    const [first, last] = [items.at(0), items.at(-1)];
    // A page reached going forward has one before it; going back, only if the query found more.
    const hasPrev = cursor ? !cursor.back || more : false;
    const hasNext = cursor?.back ? true : more;
    return {
      items,
      nextCursor: hasNext && last ? encode({ v: order.key(last), id: last.id }) : null,
      prevCursor: hasPrev && first ? encode({ v: order.key(first), id: first.id, back: true }) : null,
    };
  };
}
