import { and, asc, count, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { adverts, brands, users } from "../../db/schema/index.ts";
import type { AdvertCard, BrandView } from "../../schemas/catalogue.ts";
import { PAGE_SIZE, type SearchPage, type SearchParams } from "../../schemas/search.ts";
import { mediaUrl } from "../media/index.ts";
import { cardsOf, isAvailable, newestFirst, pageColumns, toCard } from "./cards.ts";
import { getAdvertDetail } from "./detail.ts";
import { createFacets, type KeepSlowCounts } from "./facets.ts";
import { createSearch } from "./search.ts";
import { readSearch } from "./search-chips.ts";
import type { NamedBrand } from "./spec-query.ts";

const COUNT_TTL_MS = 60_000;

/**
 * What buyers browse, read from one database (the primary's, or the replica's for visitors). A factory: it
 * keeps the brand list, the slow searches' counts and the laptops for sale, per database.
 * `keepSlowCounts`: which searches' counts are kept, and how long (facets.ts). `brandsFrom`: where the brand
 * list is read, when `db` is a replica (below).
 */
export function createCatalogue({
  db,
  keepSlowCounts,
  brandsFrom = db,
}: {
  db: Db;
  keepSlowCounts?: KeepSlowCounts;
  brandsFrom?: Db;
}) {
  let counted: { n: number; at: number } | undefined;
  const searchAdverts = createSearch(db);
  const countFacets = createFacets(db, keepSlowCounts);
  let brandsRead: { list: NamedBrand[]; at: number } | undefined;
  /** Bumped by each change heard: a read begun before one is used, not kept. */
  let brandsGeneration = 0;
  /**
   * The brand names the words of a search are matched against: brands change rarely, so kept for a minute,
   * and read again at once when any process changes one (forgetBrands, on BRANDS_CHANNEL). A replica's
   * catalogue reads them from the primary: the announcement can come before the replica has the change, and
   * the old list would then be kept for the minute.
   */
  const knownBrands = async () => {
    if (brandsRead && brandsRead.at > Date.now() - COUNT_TTL_MS) return brandsRead.list;
    const generation = brandsGeneration;
    const list = await brandsFrom.select({ id: brands.id, name: brands.name }).from(brands).limit(500);
    if (generation === brandsGeneration) brandsRead = { list, at: Date.now() };
    return list;
  };
  return {
    /** A brand was added, renamed or deleted: the next search reads the list again. */
    forgetBrands() {
      brandsRead = undefined;
      brandsGeneration++;
    },

    /** The catalogue changed (announced by any process): counts kept for slow searches are read again. */
    forgetKeptCounts: () => countFacets.forget(),

    /**
     * Brands are few (dozens); the list is bounded all the same. From where the words' brand names come, so
     * that a brand the words named is always among the filters' choices.
     */
    async listBrands(limit = 200): Promise<BrandView[]> {
      const rows = await brandsFrom
        .select({ id: brands.id, name: brands.name, imageKey: brands.imageKey })
        .from(brands)
        .orderBy(asc(brands.name))
        .limit(limit);
      return rows.map(({ imageKey, ...b }) => ({ ...b, imageUrl: mediaUrl(imageKey) }));
    },

    /** Advertised, available laptops for the home page, newest first. */
    async latestAdvertised(limit = 6): Promise<AdvertCard[]> {
      const page = db
        .select(pageColumns)
        .from(adverts)
        .where(and(isAvailable, eq(adverts.advertised, true)))
        .orderBy(...newestFirst)
        .limit(limit);
      return (await cardsOf(db, page, newestFirst)).map(toCard);
    },

    async getBrand(id: string): Promise<BrandView | null> {
      const [row] = await db
        .select({ id: brands.id, name: brands.name, imageKey: brands.imageKey })
        .from(brands)
        .where(eq(brands.id, id));
      return row ? { id: row.id, name: row.name, imageUrl: mediaUrl(row.imageKey) } : null;
    },

    /** A seller's public page: only active seller accounts have one. */
    async getSellerProfile(id: string) {
      const [seller] = await db
        .select({
          id: users.id,
          name: users.name,
          verified: users.verified,
          emailConfirmed: users.emailVerified,
          memberSince: users.createdAt,
        })
        .from(users)
        .where(and(eq(users.id, id), eq(users.role, "seller"), isNull(users.deactivatedAt)));
      return seller ? { ...seller, memberSince: seller.memberSince.toISOString() } : null;
    },

    /**
     * A laptop's page; null when it does not exist, was deleted, or is held or rejected and `viewer` (asked
     * only then) is neither its seller nor an admin.
     */
    getAdvert: (id: string, viewer?: Parameters<typeof getAdvertDetail>[2]) => getAdvertDetail(db, id, viewer),

    /**
     * One page of available laptops matching a search (see search.ts), with the filters in force as chips;
     * filters written in the words (`thinkpad i7 16gb under 600`) are read first (spec-query.ts).
     * `fixed` names the filters the page itself sets (a brand page's brand): they get no chip.
     */
    async search(params: SearchParams, fixed: (keyof SearchParams)[] = []): Promise<SearchPage> {
      const read = readSearch(params, await knownBrands(), fixed);
      // With words, the counts first (as searchWithCounts): the planner cannot tell a word in no advert from
      // a rare one, and walked every advert looking for 25 matches of a word that has none (5 s at 1 M).
      const counted = read.params.q ? await countFacets(read.params) : undefined;
      const within = counted?.ids ? { ids: counted.ids, since: counted.since } : undefined;
      return { ...(await searchAdverts(read.params, PAGE_SIZE, within)), filters: read.chips };
    },

    /** The counts beside every filter value for a search's results (facets.ts). */
    async countSearch(params: SearchParams) {
      return (await countFacets(readSearch(params, await knownBrands()).params)).facets;
    },

    /**
     * The search's page and the counts beside every filter value (facets.ts), with how many match in all
     * (`facets.total`, capped at FACET_CAP: the page says "1,000+"), from one reading of the words. The
     * counts come first: when they found every match, the page is read among those (search.ts, `within`).
     */
    async searchWithCounts(params: SearchParams, fixed: (keyof SearchParams)[] = []) {
      const read = readSearch(params, await knownBrands(), fixed);
      const { facets, ids, since } = await countFacets(read.params);
      const page = await searchAdverts(read.params, PAGE_SIZE, ids ? { ids, since } : undefined);
      return { page: { ...page, filters: read.chips } satisfies SearchPage, facets, params: read.params };
    },

    /**
     * How many laptops are for sale (the home page's "over N items"). Counting a million rows
     * takes a while, so the real count is kept for a minute.
     */
    async countAvailable(): Promise<number> {
      if (counted && counted.at > Date.now() - COUNT_TTL_MS) return counted.n;
      const [row] = await db.select({ n: count() }).from(adverts).where(isAvailable);
      counted = { n: Number(row?.n ?? 0), at: Date.now() };
      return counted.n;
    },
  };
}

export type Catalogue = ReturnType<typeof createCatalogue>;
