import { and, eq, type SQLWrapper, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { compiledRows } from "../../db/compiled-rows.ts";
import { descAsIndexed, keysetCursor, pastCursor } from "../../db/order.ts";
import { preparedOnce } from "../../db/prepared-once.ts";
import { adverts, favourites } from "../../db/schema/index.ts";
import { FAVOURITE_MESSAGES, type Favourite, followedStatus } from "../../schemas/favourites.ts";
import type { AdvertStatus } from "../../schemas/values.ts";
import { AppError } from "../errors.ts";
import { mediaUrl } from "../media/index.ts";
import { requireBuyer, type Saver } from "./buyers.ts";

export const FAVOURITES_PAGE_SIZE = 20;

/** A keyset cursor: the last favourite shown (when it was saved, and its advert), opaque to clients. */
const cursors = keysetCursor(["time", "id"]);

/**
 * A person's favourites, newest saved first, in keyset pages, each with its laptop as it is now: its status and
 * its price change since it was saved. A favourite whose laptop is gone (deleted, removed, or no row at all)
 * reads "no longer for sale". `reads`: where the short indexed reads go (db/quick-reads.ts).
 */
export async function listFavourites(
  reads: Db,
  person: Saver,
  { cursor, limit = FAVOURITES_PAGE_SIZE }: { cursor?: string; limit?: number } = {},
): Promise<{ items: Favourite[]; next: string | null }> {
  requireBuyer(person);
  const after = cursor ? cursors.decode(cursor) : null;
  if (cursor && !after) throw new AppError("VALIDATION_FAILED", FAVOURITE_MESSAGES.badCursor);
  const size = Math.max(1, Math.min(limit, 100));
  const queries = preparedFor(reads);
  const rows = after
    ? await queries.next.execute({ me: person.id, limit: size + 1, at: after[0], id: after[1] })
    : await queries.first.execute({ me: person.id, limit: size + 1 });
  const page = rows.slice(0, size);
  const last = page.at(-1);
  return {
    items: page.map(toFavourite),
    next: rows.length > size && last ? cursors.encode(last.savedAt, last.advertId) : null,
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

const prepare = (db: Db, next: boolean) =>
  compiledRows(favouritesPageQuery(db, next).prepare(`favourites_${next ? "next" : "first"}`));

/**
 * The two page statements, prepared once per database handle and kept with it: the database plans each once
 * per connection (planning cost more than running it), and the rows' mapper is worked out once.
 */
const preparedFor = preparedOnce((db) => ({ first: prepare(db, false), next: prepare(db, true) }));

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
