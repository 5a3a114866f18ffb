import { and, eq, gte, lte, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { isUuid } from "../../db/errors.ts";
import { adverts, brands, users } from "../../db/schema.ts";
import type { AdvertCard } from "../../schemas/catalogue.ts";
import { PAGE_SIZE, SEARCH_FILTERS, type SearchPage, type SearchParams, type Sort } from "../../schemas/search.ts";
import { cardColumns, isAvailable, newestFirst, toCard, withPriceGuide, withSellerRating } from "./cards.ts";

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
  }
> = {
  newest: {
    by: newestFirst,
    key: (r) => r.createdAt,
    isKey: (v) => typeof v === "string" && !Number.isNaN(Date.parse(v)) && new Date(v).toISOString() === v,
    after: (v, id) => sql`(${adverts.createdAt}, ${adverts.id}) < (${v}::timestamptz, ${id}::uuid)`,
  },
  price_asc: {
    by: [sql`${adverts.resalePriceCents} asc`, sql`${adverts.id} asc`],
    key: (r) => r.resalePriceCents,
    isKey: isPriceCents,
    after: (v, id) => sql`(${adverts.resalePriceCents}, ${adverts.id}) > (${v}::int, ${id}::uuid)`,
  },
  price_desc: {
    by: [sql`${adverts.resalePriceCents} desc`, sql`${adverts.id} desc`],
    key: (r) => r.resalePriceCents,
    isKey: isPriceCents,
    after: (v, id) => sql`(${adverts.resalePriceCents}, ${adverts.id}) < (${v}::int, ${id}::uuid)`,
  },
};

/**
 * Keyset pagination: the cursor is the last row's sort key, so page 5,000 costs
 * what page 1 costs. It is opaque to clients (base64url JSON). One that does not fit the sort is
 * ignored, like any odd URL parameter: the first page is shown.
 */
type Cursor = { v: number | string; id: string };
const encode = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString("base64url");
function decode(cursor: string | undefined, sort: Sort): Cursor | undefined {
  if (!cursor) return undefined;
  try {
    const c = JSON.parse(Buffer.from(cursor, "base64url").toString());
    return typeof c?.id === "string" && isUuid(c.id) && ORDER[sort].isKey(c.v) ? c : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A search parameter as SQL: a placeholder when the query is prepared once per shape, or the value
 * itself (to EXPLAIN a query).
 */
type Bind = (name: keyof SearchParams | "cursorValue" | "cursorId", value: unknown) => SQL | Placeholder;
const asPlaceholder: Bind = (name) => sql.placeholder(name);
const asValue: Bind = (_name, value) => sql`${value}`;

/** Conditions for one search, all on available adverts. Words match by full text or, for typos, by trigram similarity of the name. */
function searchConditions(p: SearchParams, bind: Bind): SQL | undefined {
  const q = bind("q", p.q);
  return and(
    isAvailable,
    p.q ? sql`(${adverts.search} @@ websearch_to_tsquery('simple', ${q}) or ${q} <% ${adverts.name})` : undefined,
    p.brand ? eq(adverts.brandId, bind("brand", p.brand)) : undefined,
    p.seller ? eq(adverts.sellerId, bind("seller", p.seller)) : undefined,
    p.minPrice !== undefined ? gte(adverts.resalePriceCents, bind("minPrice", p.minPrice)) : undefined,
    p.maxPrice !== undefined ? lte(adverts.resalePriceCents, bind("maxPrice", p.maxPrice)) : undefined,
    p.condition ? eq(adverts.condition, bind("condition", p.condition)) : undefined,
    p.location ? sql`lower(${adverts.location}) = lower(${bind("location", p.location)})` : undefined,
    p.minRam !== undefined ? gte(adverts.ramGb, bind("minRam", p.minRam)) : undefined,
    p.minStorage !== undefined ? gte(adverts.storageGb, bind("minStorage", p.minStorage)) : undefined,
  );
}

/** The query behind a search page (one row more than a page, to know whether another follows). */
function buildSearch(db: Db, p: SearchParams, cursor: Cursor | undefined, pageSize: number, bind: Bind) {
  const order = ORDER[p.sort];
  return db
    .select(cardColumns)
    .from(adverts)
    .innerJoin(brands, eq(brands.id, adverts.brandId))
    .innerJoin(users, eq(users.id, adverts.sellerId))
    .leftJoin(...withSellerRating)
    .leftJoin(...withPriceGuide)
    .where(
      and(
        searchConditions(p, bind),
        cursor ? order.after(bind("cursorValue", cursor.v), bind("cursorId", cursor.id)) : undefined,
      ),
    )
    .orderBy(...order.by)
    .limit(pageSize + 1);
}

/** The search as one SQL statement with its values in place, to EXPLAIN it. */
export const searchQuery = (db: Db, p: SearchParams, pageSize = PAGE_SIZE) =>
  buildSearch(db, p, decode(p.cursor, p.sort), pageSize, asValue);

/**
 * A name per query shape (which filters, which sort, first page or not): the database plans each
 * shape once per connection and reuses the plan, instead of planning every request (planning took
 * longer than running these queries).
 */
function shapeName(p: SearchParams, cursor: Cursor | undefined, pageSize: number) {
  // One digit per filter, so a new filter in the schema is a new shape (names stay under PostgreSQL's 63 bytes).
  const present = SEARCH_FILTERS.map((k) => (p[k] === undefined ? "0" : "1")).join("");
  return `search_${p.sort}_${present}_${cursor ? "next" : "first"}_${pageSize}`;
}

/**
 * Searches run as statements prepared once per shape, here and in the database: building the query
 * with Drizzle cost more CPU than the rest of the request. The shapes are bounded
 * (3 sorts × a set of filters × first/next page).
 */
export function createSearch(db: Db) {
  const prepared = new Map<string, ReturnType<ReturnType<typeof buildSearch>["prepare"]>>();
  return async function searchAdverts(p: SearchParams, pageSize = PAGE_SIZE): Promise<SearchPage> {
    const order = ORDER[p.sort];
    const cursor = decode(p.cursor, p.sort);
    const name = shapeName(p, cursor, pageSize);
    let query = prepared.get(name);
    if (!query) {
      query = buildSearch(db, p, cursor, pageSize, asPlaceholder).prepare(name);
      prepared.set(name, query);
    }
    const rows = await query.execute({ ...p, cursorValue: cursor?.v, cursorId: cursor?.id });
    const items = rows.slice(0, pageSize).map(toCard);
    const last = items.at(-1);
    return { items, nextCursor: rows.length > pageSize && last ? encode({ v: order.key(last), id: last.id }) : null };
  };
}
