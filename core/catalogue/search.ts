import { and, eq, gte, lte, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { adverts, brands, users } from "../../db/schema.ts";
import { PAGE_SIZE, type SearchParams, type Sort } from "../../schemas/search.ts";
import { type AdvertCard, cardColumns, isAvailable, newestFirst, toCard } from "./cards.ts";

/**
 * Keyset pagination: the cursor is the last row's sort key, so page 5,000 costs
 * what page 1 costs. It is opaque to clients (base64url JSON).
 */
type Cursor = { v: number | string; id: string };
const encode = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString("base64url");
function decode(cursor: string | undefined): Cursor | undefined {
  if (!cursor) return undefined;
  try {
    const c = JSON.parse(Buffer.from(cursor, "base64url").toString());
    return typeof c?.id === "string" && (typeof c.v === "number" || typeof c.v === "string") ? c : undefined;
  } catch {
    return undefined;
  }
}

/** Each sort, written to match its index exactly (NULLS LAST as the indexes are built). */
const ORDER: Record<Sort, { by: SQL[]; key: (r: AdvertCard) => number | string; after: (c: Cursor) => SQL }> = {
  newest: {
    by: newestFirst,
    key: (r) => r.createdAt,
    after: (c) => sql`(${adverts.createdAt}, ${adverts.id}) < (${c.v}::timestamptz, ${c.id}::uuid)`,
  },
  price_asc: {
    by: [sql`${adverts.resalePriceCents} asc`, sql`${adverts.id} asc`],
    key: (r) => r.resalePriceCents,
    after: (c) => sql`(${adverts.resalePriceCents}, ${adverts.id}) > (${c.v}::int, ${c.id}::uuid)`,
  },
  price_desc: {
    by: [sql`${adverts.resalePriceCents} desc`, sql`${adverts.id} desc`],
    key: (r) => r.resalePriceCents,
    after: (c) => sql`(${adverts.resalePriceCents}, ${adverts.id}) < (${c.v}::int, ${c.id}::uuid)`,
  },
};

export interface SearchPage {
  items: AdvertCard[];
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

/** Conditions for one search, all on available adverts. Words match by full text or, for typos, by trigram similarity of the name. */
export function searchConditions(p: SearchParams): SQL | undefined {
  return and(
    isAvailable,
    p.q ? sql`(${adverts.search} @@ websearch_to_tsquery('simple', ${p.q}) or ${p.q} <% ${adverts.name})` : undefined,
    p.brand ? eq(adverts.brandId, p.brand) : undefined,
    p.seller ? eq(adverts.sellerId, p.seller) : undefined,
    p.minPrice !== undefined ? gte(adverts.resalePriceCents, p.minPrice) : undefined,
    p.maxPrice !== undefined ? lte(adverts.resalePriceCents, p.maxPrice) : undefined,
    p.condition ? eq(adverts.condition, p.condition) : undefined,
    p.location ? sql`lower(${adverts.location}) = lower(${p.location})` : undefined,
    p.minRam !== undefined ? gte(adverts.ramGb, p.minRam) : undefined,
    p.minStorage !== undefined ? gte(adverts.storageGb, p.minStorage) : undefined,
  );
}

/** The query behind a search page (one row more than a page, to know whether another follows). */
export function searchQuery(db: Db, p: SearchParams, pageSize = PAGE_SIZE) {
  const order = ORDER[p.sort];
  const cursor = decode(p.cursor);
  return db
    .select(cardColumns)
    .from(adverts)
    .innerJoin(brands, eq(brands.id, adverts.brandId))
    .innerJoin(users, eq(users.id, adverts.sellerId))
    .where(and(searchConditions(p), cursor ? order.after(cursor) : undefined))
    .orderBy(...order.by)
    .limit(pageSize + 1);
}

/**
 * A name per query shape (which filters, which sort, first page or not): the database plans each
 * shape once per connection and reuses the plan, instead of planning every request (planning took
 * longer than running these queries).
 */
function shapeName(p: SearchParams, pageSize: number) {
  const present = (
    ["q", "brand", "seller", "minPrice", "maxPrice", "condition", "location", "minRam", "minStorage"] as const
  )
    .map((k) => (p[k] === undefined ? "-" : k[0]))
    .join("");
  return `search_${p.sort}_${present}_${decode(p.cursor) ? "next" : "first"}_${pageSize}`;
}

export async function searchAdverts(db: Db, p: SearchParams, pageSize = PAGE_SIZE): Promise<SearchPage> {
  const order = ORDER[p.sort];
  const rows = await searchQuery(db, p, pageSize).prepare(shapeName(p, pageSize)).execute();
  const items = rows.slice(0, pageSize).map(toCard);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > pageSize && last ? encode({ v: order.key(last), id: last.id }) : null };
}
