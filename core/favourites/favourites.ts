import { and, eq, inArray, type SQLWrapper, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { compiledRows } from "../../db/compiled-rows.ts";
import { isUuid } from "../../db/errors.ts";
import { descAsIndexed, pastCursor } from "../../db/order.ts";
import { adverts, favourites } from "../../db/schema/index.ts";
import { FAVOURITE_MESSAGES, type Favourite, type FavouritePage, followedStatus } from "../../schemas/favourites.ts";
import type { AdvertStatus } from "../../schemas/values.ts";
import { type Actor, canBuy, isSeller } from "../accounts/index.ts";
import { AppError } from "../errors.ts";
import { mediaUrl } from "../media/index.ts";

export const FAVOURITES_PAGE_SIZE = 20;

type Person = Pick<Actor, "id" | "role">;

/** A keyset cursor: the last favourite shown (when it was saved, and its advert), opaque to clients. */
const encodeCursor = (savedAt: Date, advertId: string) =>
  Buffer.from(`${savedAt.toISOString()}|${advertId}`).toString("base64url");
function decodeCursor(cursor: string): { savedAt: Date; advertId: string } | null {
  const [at, advertId] = Buffer.from(cursor, "base64url").toString().split("|");
  const savedAt = new Date(at ?? "");
  return advertId && isUuid(advertId) && !Number.isNaN(savedAt.getTime()) ? { savedAt, advertId } : null;
}

/** Only the people who buy keep favourites (admins remove adverts; they do not shop). */
function requireBuyer(person: Person) {
  if (!canBuy(person)) throw new AppError("FORBIDDEN", FAVOURITE_MESSAGES.forbidden);
}

/**
 * A person's favourites. Every query is by the caller's own id, so nobody reads, adds or removes
 * anyone else's: the ownership is the key itself (user, advert).
 */
export function createFavourites({ db, quickReads = db }: { db: Db; quickReads?: Db }) {
  // The page and the hearts among a page of cards: short indexed reads (db/quick-reads.ts).
  const firstPage = pageQuery(quickReads, false);
  const pageAfter = pageQuery(quickReads, true);
  /**
   * Which of these adverts the person saved: the hearts of one page of cards, in one query (never
   * one per card). Empty for people who do not keep favourites.
   */
  async function savedAmong(person: Person, advertIds: string[]): Promise<string[]> {
    const ids = advertIds.filter(isUuid);
    if (!canBuy(person) || ids.length === 0) return [];
    const rows = await quickReads
      .select({ advertId: favourites.advertId })
      .from(favourites)
      .where(and(eq(favourites.userId, person.id), inArray(favourites.advertId, ids)));
    return rows.map((r) => r.advertId);
  }

  /** Which of these adverts are the person's own, which they cannot save: none for a buyer (no query). */
  async function ownAmong(person: Person, advertIds: string[]): Promise<string[]> {
    const ids = advertIds.filter(isUuid);
    if (!isSeller(person) || ids.length === 0) return [];
    const rows = await quickReads
      .select({ id: adverts.id })
      .from(adverts)
      .where(and(eq(adverts.sellerId, person.id), inArray(adverts.id, ids)));
    return rows.map((r) => r.id);
  }

  return {
    /**
     * Saves a laptop (again: nothing changes, the first save's price and time stay). A deleted or
     * removed laptop cannot be saved; a sold one can (its page still shows); one's own cannot (it would
     * count among its savers in My Products).
     */
    async save(person: Person, advertId: string): Promise<void> {
      requireBuyer(person);
      if (!isUuid(advertId)) throw new AppError("NOT_FOUND", FAVOURITE_MESSAGES.notFound);
      // One statement: the advert's price and name as they are now, or nothing when it is gone.
      const saved = await db.execute(sql`
        insert into ${favourites} (user_id, advert_id, saved_price_cents, advert_name)
        select ${person.id}, ${adverts.id}, ${adverts.resalePriceCents}, ${adverts.name}
        from ${adverts} where ${adverts.id} = ${advertId} and ${adverts.status} in ('available', 'sold')
          and ${adverts.sellerId} <> ${person.id}
        on conflict (user_id, advert_id) do nothing
        returning 1 as saved`);
      if ((saved as unknown as { rows: unknown[] }).rows.length > 0) return;
      const [exists] = await db
        .select({ one: sql`1` })
        .from(favourites)
        .where(and(eq(favourites.userId, person.id), eq(favourites.advertId, advertId)));
      if (exists) return;
      const [advert] = await db.select({ sellerId: adverts.sellerId }).from(adverts).where(eq(adverts.id, advertId));
      if (advert?.sellerId === person.id) throw new AppError("FORBIDDEN", FAVOURITE_MESSAGES.own);
      throw new AppError("NOT_FOUND", FAVOURITE_MESSAGES.notFound);
    },

    /** Removes one of the caller's favourites; false when it was not theirs to remove (not saved). */
    async remove(person: Person, advertId: string): Promise<boolean> {
      requireBuyer(person);
      if (!isUuid(advertId)) return false;
      const removed = await db
        .delete(favourites)
        .where(and(eq(favourites.userId, person.id), eq(favourites.advertId, advertId)))
        .returning({ advertId: favourites.advertId });
      return removed.length > 0;
    },

    savedAmong,
    ownAmong,

    /**
     * The hearts of these laptops for this person: which they saved and which are their own (no heart),
     * both at once; null for people who keep no favourites (admins: no hearts at all).
     */
    async heartsAmong(person: Person, advertIds: string[]): Promise<{ saved: string[]; own: string[] } | null> {
      if (!canBuy(person)) return null;
      const [saved, own] = await Promise.all([savedAmong(person, advertIds), ownAmong(person, advertIds)]);
      return { saved, own };
    },

    /**
     * Newest saved first, in keyset pages, each with its laptop as it is now: its status and its price
     * change since it was saved. A favourite whose laptop is gone (deleted, removed, or no row at all)
     * reads "no longer for sale".
     */
    async list(
      person: Person,
      { cursor, limit = FAVOURITES_PAGE_SIZE }: { cursor?: string; limit?: number } = {},
    ): Promise<FavouritePage> {
      requireBuyer(person);
      const after = cursor ? decodeCursor(cursor) : null;
      if (cursor && !after) throw new AppError("VALIDATION_FAILED", FAVOURITE_MESSAGES.badCursor);
      const size = Math.max(1, Math.min(limit, 100));
      const rows = after
        ? await pageAfter.execute({
            me: person.id,
            limit: size + 1,
            at: after.savedAt.toISOString(),
            id: after.advertId,
          })
        : await firstPage.execute({ me: person.id, limit: size + 1 });
      const page = rows.slice(0, size);
      const last = page.at(-1);
      return {
        items: page.map(toFavourite),
        next: rows.length > size && last ? encodeCursor(last.savedAt, last.advertId) : null,
      };
    },
  };
}

/**
 * A page of favourites (first page, or the page after a cursor): the page of favourites first (read in the
 * index's order, which is spelled as it is built: drizzle's DESC would mean NULLS FIRST and miss it), then
 * each one's laptop, so a person with thousands of favourites costs the same as one with twenty. The outer
 * order is spelled the same way, so the page is not sorted again after the join.
 */
export function favouritesPageQuery(db: Db, next: boolean) {
  const newestSaved = [descAsIndexed(favourites.createdAt), descAsIndexed(favourites.advertId)];
  const mine = db
    .select()
    .from(favourites)
    .where(
      and(
        eq(favourites.userId, sql.placeholder("me")),
        next
          ? pastCursor(
              "desc",
              [favourites.createdAt, favourites.advertId],
              [sql.placeholder("at"), sql.placeholder("id")],
            )
          : undefined,
      ),
    )
    .orderBy(...newestSaved)
    .limit(sql.placeholder("limit"))
    .as("mine");
  return db
    .select({
      advertId: mine.advertId,
      savedName: mine.advertName,
      savedPriceCents: mine.savedPriceCents,
      savedAt: mine.createdAt,
      name: adverts.name,
      imageKey: adverts.imageKey,
      status: adverts.status,
      priceCents: adverts.resalePriceCents,
      booked: bookedNow(mine.advertId),
    })
    .from(mine)
    .leftJoin(adverts, eq(adverts.id, mine.advertId))
    .orderBy(descAsIndexed(mine.createdAt), descAsIndexed(mine.advertId));
}

/**
 * Whether someone booked the laptop, or is paying for it: an open order that is not yet a sale (what its
 * followers read as Booked, schemas/favourite-labels.ts `followedStatus`).
 */
export const bookedNow = (advertId: SQLWrapper) =>
  sql<boolean>`exists (select 1 from orders o where o.advert_id = ${advertId} and o.status in ('booked', 'paying'))`;

/** Prepared once per connection: the database plans it once (planning cost more than running it). */
const pageQuery = (db: Db, next: boolean) =>
  compiledRows(favouritesPageQuery(db, next).prepare(`favourites_${next ? "next" : "first"}`));

function toFavourite(r: {
  advertId: string;
  savedName: string;
  savedPriceCents: number;
  savedAt: Date;
  name: string | null;
  imageKey: string | null;
  status: AdvertStatus | null;
  priceCents: number | null;
  booked: boolean;
}): Favourite {
  const status = followedStatus(r.status, r.booked);
  const gone = status === "gone";
  return {
    advertId: r.advertId,
    name: r.name ?? r.savedName,
    imageUrl: gone || !r.imageKey ? null : mediaUrl(r.imageKey),
    status,
    savedPriceCents: r.savedPriceCents,
    priceCents: gone ? null : r.priceCents,
    priceChangeCents: gone || r.priceCents === null ? null : r.priceCents - r.savedPriceCents,
    savedAt: r.savedAt.toISOString(),
  };
}

export type Favourites = ReturnType<typeof createFavourites>;
