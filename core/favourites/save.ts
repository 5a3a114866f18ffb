import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { adverts, favourites } from "../../db/schema/index.ts";
import { FAVOURITE_MESSAGES } from "../../schemas/favourite-labels.ts";
import { AppError } from "../errors.ts";
import { requireBuyer, type Saver } from "./buyers.ts";

/**
 * Saves a laptop (again: nothing changes, the first save's price and time stay). A deleted or removed laptop
 * cannot be saved; a sold one can (its page still shows); one's own cannot (it would count among its savers in
 * My Products). The ownership is the key itself (user, advert).
 */
export async function saveFavourite(db: Db, person: Saver, advertId: string): Promise<void> {
  requireBuyer(person);
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
}

/** Removes one of the person's favourites; false when it was not theirs to remove (not saved). */
export async function removeFavourite(db: Db, person: Saver, advertId: string): Promise<boolean> {
  requireBuyer(person);
  const removed = await db
    .delete(favourites)
    .where(and(eq(favourites.userId, person.id), eq(favourites.advertId, advertId)))
    .returning({ advertId: favourites.advertId });
  return removed.length > 0;
}
