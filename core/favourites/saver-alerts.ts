import { and, asc, eq, gt, inArray, lte, ne, notExists, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../db/client.ts";
import { adverts, favouriteAlerts, favourites, orders } from "../../db/schema/index.ts";
import type { AdvertStatus } from "../../schemas/values.ts";
import type { JobQueue } from "../jobs/index.ts";
import { type NotificationKind, notifyAll } from "../notifications/index.ts";

export const FAN_OUT_SAVER_ALERT = "favourites.tellSavers";
/**
 * Price drops queued by the version before migration 0023 (`{ dropId }`, the same rows, renamed): still
 * worked, so a deploy does not strand them.
 */
const FAN_OUT_PRICE_DROP_BEFORE_0023 = "favourites.priceDrop";

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
 * once it is sold again). "Held" (a buyer paying) is not a stored status: a held laptop is still available.
 */
const ALERTS = {
  price_drop: { notice: "favourite.priceDrop", while: "available" },
  sold: { notice: "favourite.sold", while: "sold" },
  back_on_sale: { notice: "favourite.backOnSale", while: "available" },
} as const satisfies Record<string, { notice: NotificationKind; while: AdvertStatus }>;

/** A sale or a relisting is stale news once a newer one of the same laptop is recorded. */
const TURNS = ["sold", "back_on_sale"] as const;

/**
 * `toCents`: the new price (a drop), what its buyer paid (a sale), or what it is for sale at again.
 * `buyerId`: whose order made the change; told by their order, not here.
 */
export type SaverAlert =
  | { kind: "price_drop"; advertId: string; fromCents: number; toCents: number }
  | { kind: (typeof TURNS)[number]; advertId: string; toCents: number; buyerId: string };

const newer = alias(favouriteAlerts, "newer");

/**
 * Tells the next batch of an alert's savers, in one transaction with the cursor that says they were told:
 * a retry, or a second job for the same alert, starts after them, so each person is told once per alert.
 * Only people who had saved the laptop by then are told, never its seller (who saved it acting as a buyer)
 * nor the buyer whose order made the change. A sale is not told to anyone with a booking of it that a sale
 * ended (closed): their booking's own notice said it was sold.
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
      status: adverts.status,
      sellerId: adverts.sellerId,
      overtaken: sql<boolean>`${favouriteAlerts.kind} in ('sold', 'back_on_sale') and exists (${tx
        .select({ one: sql`1` })
        .from(newer)
        .where(
          and(
            eq(newer.advertId, favouriteAlerts.advertId),
            inArray(newer.kind, [...TURNS]),
            gt(newer.createdAt, favouriteAlerts.createdAt),
          ),
        )})`,
    })
    .from(favouriteAlerts)
    .innerJoin(adverts, eq(adverts.id, favouriteAlerts.advertId))
    .where(eq(favouriteAlerts.id, alertId))
    .for("update", { of: favouriteAlerts });
  if (!alert || alert.doneAt) return true;
  const news = alert.status === ALERTS[alert.kind].while && !alert.overtaken;
  const savers = news
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
  const { advertId, productName, toCents } = alert;
  const told = <P>(params: P) => savers.map(({ userId }) => ({ recipientId: userId, params }));
  if (alert.kind === "price_drop") {
    const params = { advertId, productName, fromCents: Number(alert.fromCents), toCents };
    await notifyAll(tx, ALERTS.price_drop.notice, told(params));
  } else {
    const params = { advertId, productName, priceCents: toCents };
    await notifyAll(tx, ALERTS[alert.kind].notice, told(params));
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
  const fromCents = alert.kind === "price_drop" ? alert.fromCents : null;
  const buyerId = alert.kind === "price_drop" ? null : alert.buyerId;
  const savedBy = sql`select 1 from ${favourites} where ${favourites.advertId} = ${alert.advertId}`;
  const result = await tx.execute(sql`
    insert into ${favouriteAlerts} (kind, advert_id, from_cents, to_cents, buyer_id)
    select ${alert.kind}, ${alert.advertId}::uuid, ${fromCents}::int, ${alert.toCents}::int, ${buyerId}::text
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
  const retries = { retryLimit: 8, retryDelay: 10, retryBackoff: true, retryDelayMax: 600 };
  queue.define(FAN_OUT_SAVER_ALERT, fanOut, retries);
  queue.define(
    FAN_OUT_PRICE_DROP_BEFORE_0023,
    ({ dropId }: { dropId: string }) => fanOut({ alertId: dropId }),
    retries,
  );
  return { fanOut };
}
