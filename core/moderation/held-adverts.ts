import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { keysetCursor, pastCursor } from "../../db/order.ts";
import { adverts, users } from "../../db/schema/index.ts";
import type { HeldAdvert, ReviewSignal, ShownReviewSignal } from "../../schemas/review-signals.ts";
import { requireAdmin, type SessionUser } from "../accounts/index.ts";
import { AppError } from "../errors.ts";
import { alertSavers } from "../favourites/index.ts";
import type { JobQueue } from "../jobs/index.ts";
import { mediaUrl } from "../media/index.ts";
import { notify } from "../notifications/index.ts";
import { approveAdvert, lockAdvert, rejectAdvert } from "../orders/index.ts";
import { recordDecision } from "./decision.ts";
import { sellerRecordColumns, sellerRecordOf } from "./seller-record.ts";

/**
 * The review queue: adverts held for review (not public) or flagged by weak signals (public), oldest
 * first, each with every signal; an admin approves or rejects each one, and both are audit-logged.
 */

const PAGE_SIZE = 50;
const notInQueue = () => new AppError("NOT_FOUND", "This advert is not waiting for review.");

/** A keyset cursor: the last advert shown (when it was flagged, and its id), opaque to clients. */
const cursors = keysetCursor(["time", "id"]);

/** A page of the review queue, oldest flagged first, from past a cursor: read in its index's order. */
export const reviewQueueQuery = (db: Db | Tx, after: { at: Date; id: string } | null, limit: number) =>
  db
    .select({
      id: adverts.id,
      name: adverts.name,
      imageKey: adverts.imageKey,
      sellerId: users.id,
      sellerName: users.name,
      sellerSince: users.createdAt,
      ...sellerRecordColumns(),
      resalePriceCents: adverts.resalePriceCents,
      status: adverts.status,
      flaggedAt: adverts.flaggedAt,
      signals: adverts.reviewSignals,
    })
    .from(adverts)
    .innerJoin(users, eq(users.id, adverts.sellerId))
    .where(
      and(
        isNotNull(adverts.flaggedAt),
        after ? pastCursor("asc", [adverts.flaggedAt, adverts.id], [after.at, after.id]) : undefined,
      ),
    )
    .orderBy(asc(adverts.flaggedAt), asc(adverts.id))
    .limit(limit);

/** A stored signal as admins see it: a duplicate photo's two pictures by their addresses. */
const withPhotoUrls = ({ sameAs, ...signal }: ReviewSignal): ShownReviewSignal => ({
  ...signal,
  ...(sameAs && {
    sameAs: sameAs.map(({ photoKey, ownPhotoKey, ...other }) => ({
      ...other,
      photoUrl: mediaUrl(photoKey),
      ownPhotoUrl: mediaUrl(ownPhotoKey),
    })),
  }),
});

/** Admins: a page of the queue (`next` is the cursor of the one after, null on the last). */
export async function reviewQueue(
  db: Db | Tx,
  admin: SessionUser,
  cursor?: string,
): Promise<{ adverts: HeldAdvert[]; next: string | null }> {
  requireAdmin(admin);
  const after = cursor ? cursors.decode(cursor) : null;
  if (cursor && !after) {
    throw new AppError("VALIDATION_FAILED", "This page of the review queue does not exist.", { cursor: "Unknown" });
  }
  const [at, id] = after ?? [];
  const rows = await reviewQueueQuery(db, at && id ? { at: new Date(at), id } : null, PAGE_SIZE + 1);
  const page = rows.slice(0, PAGE_SIZE).map((row) => ({
    id: row.id,
    name: row.name,
    sellerId: row.sellerId,
    sellerName: row.sellerName,
    sellerRecord: sellerRecordOf(row, row.sellerSince),
    resalePriceCents: row.resalePriceCents,
    imageUrl: mediaUrl(row.imageKey),
    held: row.status === "pending_review",
    flaggedAt: (row.flaggedAt as Date).toISOString(),
    signals: (row.signals ?? []).map(withPhotoUrls),
  }));
  const last = rows.length > PAGE_SIZE ? rows[PAGE_SIZE - 1] : undefined;
  return { adverts: page, next: last ? cursors.encode(last.flaggedAt as Date, last.id) : null };
}

/** The advert an admin answers, locked for the rest of the transaction; it must still be on the queue. */
async function lockQueued(tx: Tx, advertId: string) {
  const advert = await lockAdvert(tx, advertId);
  if (!advert?.flaggedAt) throw notInQueue();
  return advert;
}

/**
 * Nothing wrong: a held advert is published (saved searches hear of it now); a flagged public one
 * just leaves the queue. One step, so a wrongly held advert is released at once.
 */
export async function approveHeldAdvert(db: Db | Tx, jobs: JobQueue, admin: SessionUser, advertId: string) {
  requireAdmin(admin);
  await db.transaction(async (tx) => {
    const advert = await lockQueued(tx, advertId);
    if (advert.status === "pending_review") {
      await approveAdvert(tx, advert, admin.id);
      await notify(tx, "advert.approved", {
        recipientId: advert.sellerId,
        params: { advertId, productName: advert.name },
      });
      // Held by an edit that lowered its price: its savers hear of the drop now that they can see it.
      const was = advert.heldFromPriceCents;
      if (was !== null && advert.resalePriceCents < was) {
        await alertSavers(tx, jobs, { kind: "price_drop", advertId, fromCents: was, toCents: advert.resalePriceCents });
      }
    } else await tx.update(adverts).set({ flaggedAt: null }).where(eq(adverts.id, advertId));
    const summary = `Approved “${advert.name}” after review`;
    await recordDecision(tx, admin, "approve-advert", { type: "advert", id: advertId }, summary);
  });
}

/** Fraudulent: out of the catalogue for good; its seller sees the reason (My Products, a notification). */
export async function rejectHeldAdvert(db: Db | Tx, admin: SessionUser, advertId: string, reason: string) {
  requireAdmin(admin);
  await db.transaction(async (tx) => {
    const advert = await lockQueued(tx, advertId);
    await rejectAdvert(tx, advert, admin.id, reason);
    await notify(tx, "advert.rejected", {
      recipientId: advert.sellerId,
      params: { advertId, productName: advert.name, reason },
    });
    const summary = `Rejected “${advert.name}”: ${reason}`;
    await recordDecision(tx, admin, "reject-advert", { type: "advert", id: advertId }, summary);
  });
}
