import { and, asc, eq, gt, lte, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { adverts, favourites, priceDrops } from "../../db/schema.ts";
import type { JobQueue } from "../jobs/index.ts";
import { notifyAll } from "../notifications/index.ts";

export const FAN_OUT_PRICE_DROP = "favourites.priceDrop";

/**
 * Up to this many savers are told in the seller's own transaction (a handful of inserts); beyond it the
 * job queue tells them in batches, so a popular laptop never makes its seller's request loop over
 * thousands of people.
 */
export const INLINE_SAVERS = 5;
const BATCH = 200;

export interface PriceDrop {
  advertId: string;
  fromCents: number;
  toCents: number;
}

/**
 * Tells the next batch of a drop's savers, in one transaction with the cursor that says they were told:
 * a retry, or a second job for the same drop, starts after them, so each person is told once per drop.
 * Only people who had saved the laptop by the drop are told (not its seller), and only while it is still
 * for sale.
 * Returns whether the drop is done.
 */
async function tellNextBatch(tx: Tx, dropId: string, limit: number): Promise<boolean> {
  const [drop] = await tx
    .select({
      advertId: priceDrops.advertId,
      fromCents: priceDrops.fromCents,
      toCents: priceDrops.toCents,
      createdAt: priceDrops.createdAt,
      notifiedThrough: priceDrops.notifiedThrough,
      doneAt: priceDrops.doneAt,
      productName: adverts.name,
      status: adverts.status,
      sellerId: adverts.sellerId,
    })
    .from(priceDrops)
    .innerJoin(adverts, eq(adverts.id, priceDrops.advertId))
    .where(eq(priceDrops.id, dropId))
    .for("update", { of: priceDrops });
  if (!drop || drop.doneAt) return true;
  const savers =
    drop.status === "available"
      ? await tx
          .select({ userId: favourites.userId })
          .from(favourites)
          .where(
            and(
              eq(favourites.advertId, drop.advertId),
              lte(favourites.createdAt, drop.createdAt),
              // A seller who saved their own laptop (acting as a buyer) made the drop: nothing to tell.
              ne(favourites.userId, drop.sellerId),
              drop.notifiedThrough ? gt(favourites.userId, drop.notifiedThrough) : undefined,
            ),
          )
          .orderBy(asc(favourites.userId))
          .limit(limit)
      : [];
  // Everyone in this batch at once: a handful of statements, not five per saver.
  const params = {
    advertId: drop.advertId,
    productName: drop.productName,
    fromCents: drop.fromCents,
    toCents: drop.toCents,
  };
  await notifyAll(
    tx,
    "favourite.priceDrop",
    savers.map(({ userId }) => ({ recipientId: userId, params })),
  );
  const done = savers.length < limit;
  await tx
    .update(priceDrops)
    .set({ notifiedThrough: savers.at(-1)?.userId ?? drop.notifiedThrough, doneAt: done ? new Date() : null })
    .where(eq(priceDrops.id, dropId));
  return done;
}

/**
 * Records a price drop inside the transaction that lowers the price (the caller checked that it is
 * lower and that the laptop is for sale). A few savers are told right here; more, by a job queued in
 * the same transaction — both exist if, and only if, the new price commits.
 */
export async function recordPriceDrop(tx: Tx, queue: JobQueue, drop: PriceDrop): Promise<void> {
  const [saverCount] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(
      sql`(select 1 from ${favourites} where ${favourites.advertId} = ${drop.advertId} limit ${INLINE_SAVERS + 1}) s`,
    );
  if (!saverCount || Number(saverCount.n) === 0) return;
  const [row] = await tx
    .insert(priceDrops)
    .values({ advertId: drop.advertId, fromCents: drop.fromCents, toCents: drop.toCents })
    .returning({ id: priceDrops.id });
  if (!row) return;
  if (Number(saverCount.n) <= INLINE_SAVERS) {
    await tellNextBatch(tx, row.id, INLINE_SAVERS + 1);
    return;
  }
  await queue.sendInTransaction(tx, FAN_OUT_PRICE_DROP, [{ dropId: row.id }]);
}

/** The fan-out job: batch after batch until every saver of the drop is told. */
export function definePriceDropJob({ db, queue }: { db: Db; queue: JobQueue }) {
  const fanOut = async ({ dropId }: { dropId: string }) => {
    for (;;) {
      const done = await db.transaction((tx) => tellNextBatch(tx, dropId, BATCH));
      if (done) return;
    }
  };
  queue.define(FAN_OUT_PRICE_DROP, fanOut, { retryLimit: 8, retryDelay: 10, retryBackoff: true, retryDelayMax: 600 });
  return { fanOut };
}
