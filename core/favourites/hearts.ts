import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { adverts, favourites } from "../../db/schema/index.ts";
import { canBuy, isSeller } from "../accounts/index.ts";
import type { Saver } from "./buyers.ts";

/*
 * The hearts among a page of cards: one query for the page, never one per card. `reads` is where the short
 * indexed reads of every signed-in page go (db/quick-reads.ts).
 */

/** Which of these adverts the person saved; none for people who do not keep favourites (no query). */
export async function savedAmong(reads: Db, person: Saver, advertIds: string[]): Promise<string[]> {
  if (!canBuy(person) || advertIds.length === 0) return [];
  const mine = and(eq(favourites.userId, person.id), inArray(favourites.advertId, advertIds));
  return idsOf(reads.select({ id: favourites.advertId }).from(favourites).where(mine));
}

/** Which of these adverts are the person's own, which they cannot save: none for a buyer (no query). */
async function ownAmong(reads: Db, person: Saver, advertIds: string[]): Promise<string[]> {
  if (!isSeller(person) || advertIds.length === 0) return [];
  const own = and(eq(adverts.sellerId, person.id), inArray(adverts.id, advertIds));
  return idsOf(reads.select({ id: adverts.id }).from(adverts).where(own));
}

const idsOf = async (rows: Promise<{ id: string }[]>) => (await rows).map((r) => r.id);

/**
 * The hearts of these laptops for this person: which they saved and which are their own (no heart), both at
 * once; null for people who keep no favourites (admins: no hearts at all).
 */
export async function heartsAmong(
  reads: Db,
  person: Saver,
  advertIds: string[],
): Promise<{ saved: string[]; own: string[] } | null> {
  if (!canBuy(person)) return null;
  const [saved, own] = await Promise.all([savedAmong(reads, person, advertIds), ownAmong(reads, person, advertIds)]);
  return { saved, own };
}
