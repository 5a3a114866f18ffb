import { and, asc, eq, gt, lte, ne, notExists, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { adverts, favouriteAlerts, favourites, orders } from "../../db/schema.ts";
import type { AdvertStatus } from "../../schemas/values.ts";
import type { JobQueue } from "../jobs/index.ts";
import { type NotificationKind, notifyAll } from "../notifications/index.ts";

export const FAN_OUT_SAVER_ALERT = "favourites.tellSavers";

/**
 * Up to this many savers are told in the transaction of the change (a handful of inserts); beyond it the
 * job queue tells them in batches, so a popular laptop never makes its seller's (or its buyer's) request
 * loop over thousands of people.
 */
export const INLINE_SAVERS = 5;
const BATCH = 200;

/**
 * What a laptop's savers are told, and while what is true: each kind's notice, and the status the laptop
 * must still have when a batch is told (a drop on a laptop sold since is not news; nor is "back on sale"
 * once it is sold again).
 */
const ALERTS = {
  price_drop: { notice: "favourite.priceDrop", while: "available" },
  sold: { notice: "favourite.sold", while: "sold" },
  back_on_sale: { notice: "favourite.backOnSale", while: "available" },
} as const satisfies Record<string, { notice: NotificationKind; while: AdvertStatus }>;

export type SaverAlert =
  | { kind: "price_drop"; advertId: string; fromCents: number; toCents: number }
  | { kind: "sold" | "back_on_sale"; advertId: string; buyerId: string };

/**
 * Tells the next batch of an alert's savers, in one transaction with the cursor that says they were told:
 * a retry, or a second job for the same alert, starts after them, so each person is told once per alert.
 * Only people who had saved the laptop by then are told, never its seller (who saved it acting as a buyer)
 * nor the buyer whose order made the change. A sale is not told to anyone whose booking it ended (closed):
 * their booking's own notice says it was sold.
 * Returns whether the alert is done.
 */
async function tellNextBatch(tx: Tx, alertId: string, limit: number): Promise<boolean> {
  const [alert] = await tx
    .select({
      kind: favouriteAlerts.kind,
      advertId: favouriteAlerts.advertId,
      fromCents: favouriteAlerts.fromCents,
      toCents: favouriteAlerts.toCents,
      buyerId: favouriteAlerts.buyerId,
      createdAt: favouriteAlerts.createdAt,
      notifiedThrough: favouriteAlerts.notifiedThrough,
      doneAt: favouriteAlerts.doneAt,
      productName: adverts.name,
      priceCents: adverts.resalePriceCents,
      status: adverts.status,
      sellerId: adverts.sellerId,
    })
    .from(favouriteAlerts)
    .innerJoin(adverts, eq(adverts.id, favouriteAlerts.advertId))
    .where(eq(favouriteAlerts.id, alertId))
    .for("update", { of: favouriteAlerts });
  if (!alert || alert.doneAt) return true;
  const savers =
    alert.status === ALERTS[alert.kind].while
      ? await tx
          .select({ userId: favourites.userId })
          .from(favourites)
          .where(
            and(
              eq(favourites.advertId, alert.advertId),
              lte(favourites.createdAt, alert.createdAt),
              ne(favourites.userId, alert.sellerId),
              alert.buyerId ? ne(favourites.userId, alert.buyerId) : undefined,
              alert.kind === "sold"
                ? notExists(
                    tx
                      .select({ one: sql`1` })
                      .from(orders)
                      .where(
                        and(
                          eq(orders.advertId, alert.advertId),
                          eq(orders.buyerId, favourites.userId),
                          eq(orders.status, "closed"),
                        ),
                      ),
                  )
                : undefined,
              alert.notifiedThrough ? gt(favourites.userId, alert.notifiedThrough) : undefined,
            ),
          )
          .orderBy(asc(favourites.userId))
          .limit(limit)
      : [];
  // Everyone in this batch at once: a handful of statements, not five per saver.
  const { advertId, productName } = alert;
  if (alert.kind === "price_drop") {
    const params = { advertId, productName, fromCents: Number(alert.fromCents), toCents: Number(alert.toCents) };
    await notifyAll(
      tx,
      ALERTS.price_drop.notice,
      savers.map(({ userId }) => ({ recipientId: userId, params })),
    );
  } else {
    const params = { advertId, productName, priceCents: alert.priceCents };
    await notifyAll(
      tx,
      ALERTS[alert.kind].notice,
      savers.map(({ userId }) => ({ recipientId: userId, params })),
    );
  }
  const done = savers.length < limit;
  await tx
    .update(favouriteAlerts)
    .set({ notifiedThrough: savers.at(-1)?.userId ?? alert.notifiedThrough, doneAt: done ? new Date() : null })
    .where(eq(favouriteAlerts.id, alertId));
  return done;
}

/**
 * Records an alert to a laptop's savers inside the transaction of its change (the caller made the change:
 * a lower price, a sale, a refunded sale). A few savers are told right here; more, by a job queued in the
 * same transaction — both exist if, and only if, the change commits. One statement when nobody saved it
 * (every sale asks): the alert is written only if someone did, and says how many (up to a few more than
 * are told here).
 */
export async function alertSavers(tx: Tx, queue: JobQueue, alert: SaverAlert): Promise<void> {
  const price = alert.kind === "price_drop" ? alert : { fromCents: null, toCents: null };
  const buyerId = alert.kind === "price_drop" ? null : alert.buyerId;
  const savedBy = sql`select 1 from ${favourites} where ${favourites.advertId} = ${alert.advertId}`;
  const result = await tx.execute(sql`
    insert into ${favouriteAlerts} (kind, advert_id, from_cents, to_cents, buyer_id)
    select ${alert.kind}, ${alert.advertId}::uuid, ${price.fromCents}::int, ${price.toCents}::int, ${buyerId}::text
    where exists (${savedBy})
    returning id, (select count(*)::int from (${savedBy} limit ${INLINE_SAVERS + 1}) s) as savers`);
  const [row] = (result as unknown as { rows: { id: string; savers: number }[] }).rows;
  if (!row) return;
  if (Number(row.savers) <= INLINE_SAVERS) {
    await tellNextBatch(tx, row.id, INLINE_SAVERS + 1);
    return;
  }
  await queue.sendInTransaction(tx, FAN_OUT_SAVER_ALERT, [{ alertId: row.id }]);
}

/** The fan-out job: batch after batch until every saver of the alert is told. */
export function defineSaverAlertJob({ db, queue }: { db: Db; queue: JobQueue }) {
  const fanOut = async ({ alertId }: { alertId: string }) => {
    for (;;) {
      const done = await db.transaction((tx) => tellNextBatch(tx, alertId, BATCH));
      if (done) return;
    }
  };
  queue.define(FAN_OUT_SAVER_ALERT, fanOut, { retryLimit: 8, retryDelay: 10, retryBackoff: true, retryDelayMax: 600 });
  return { fanOut };
}
