import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { isUuid } from "../../db/errors.ts";
import { pastCursor } from "../../db/order.ts";
import { adverts, users } from "../../db/schema/index.ts";
import type { HeldAdvert } from "../../schemas/review-signals.ts";
import { requireAdmin, type SessionUser } from "../accounts/index.ts";
import { recordAdminAction } from "../audit/index.ts";
import { AppError } from "../errors.ts";
import { alertSavers } from "../favourites/index.ts";
import type { JobQueue } from "../jobs/index.ts";
import { mediaUrl } from "../media/index.ts";
import { announceModeration, notify } from "../notifications/index.ts";
import { approveAdvert, lockAdvert, rejectAdvert } from "../orders/index.ts";

const PAGE_SIZE = 50;
const notInQueue = () => new AppError("NOT_FOUND", "This advert is not waiting for review.");

/** A keyset cursor: the last advert shown (when it was flagged, and its id), opaque to clients. */
const encode = (at: Date, id: string) => Buffer.from(`${at.toISOString()}|${id}`).toString("base64url");
function decode(cursor: string) {
  const [at, id] = Buffer.from(cursor, "base64url").toString().split("|");
  const when = new Date(at ?? "");
  if (!id || !isUuid(id) || Number.isNaN(when.getTime()))
    throw new AppError("VALIDATION_FAILED", "This page of the review queue does not exist.", { cursor: "Unknown" });
  return { at: when, id };
}

/** A page of the review queue, oldest flagged first, from past a cursor: read in its index's order. */
export const reviewQueueQuery = (db: Db, after: { at: Date; id: string } | null, limit: number) =>
  db
    .select({
      id: adverts.id,
      name: adverts.name,
      imageKey: adverts.imageKey,
      sellerName: users.name,
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

/**
 * The review queue: adverts held for review (not public) or flagged by weak signals (public), oldest
 * first, each with every signal; an admin approves or rejects each one, and both are audit-logged.
 */
export function createHeldAdverts({ db, jobs }: { db: Db; jobs: JobQueue }) {
  return {
    async queue(admin: SessionUser, cursor?: string): Promise<{ adverts: HeldAdvert[]; next: string | null }> {
      requireAdmin(admin);
      const after = cursor ? decode(cursor) : null;
      const rows = await reviewQueueQuery(db, after, PAGE_SIZE + 1);
      const page = rows.slice(0, PAGE_SIZE).map(({ imageKey, status, flaggedAt, signals, ...r }) => ({
        ...r,
        imageUrl: mediaUrl(imageKey),
        held: status === "pending_review",
        flaggedAt: (flaggedAt as Date).toISOString(),
        signals: signals ?? [],
      }));
      const last = rows.length > PAGE_SIZE ? rows[PAGE_SIZE - 1] : undefined;
      return { adverts: page, next: last ? encode(last.flaggedAt as Date, last.id) : null };
    },

    /**
     * Nothing wrong: a held advert is published (saved searches hear of it now); a flagged public one
     * just leaves the queue. One step, so a wrongly held advert is released at once.
     */
    async approve(admin: SessionUser, advertId: string) {
      requireAdmin(admin);
      if (!isUuid(advertId)) throw notInQueue();
      await db.transaction(async (tx) => {
        const advert = await lockAdvert(tx, advertId);
        if (!advert?.flaggedAt) throw notInQueue();
        if (advert.status === "pending_review") {
          await approveAdvert(tx, advert, admin.id);
          await notify(tx, "advert.approved", {
            recipientId: advert.sellerId,
            params: { advertId, productName: advert.name },
          });
          // Held by an edit that lowered its price: its savers hear of the drop now that they can see it.
          const was = advert.heldFromPriceCents;
          if (was !== null && advert.resalePriceCents < was) {
            await alertSavers(tx, jobs, {
              kind: "price_drop",
              advertId,
              fromCents: was,
              toCents: advert.resalePriceCents,
            });
          }
        } else await tx.update(adverts).set({ flaggedAt: null }).where(eq(adverts.id, advertId));
        await recordAdminAction(
          tx,
          admin.id,
          "approve-advert",
          { type: "advert", id: advertId },
          `Approved “${advert.name}” after review`,
        );
        await announceModeration(tx);
      });
    },

    /** Fraudulent: out of the catalogue for good; its seller sees the reason (My Products, a notification). */
    async reject(admin: SessionUser, advertId: string, reason: string) {
      requireAdmin(admin);
      if (!isUuid(advertId)) throw notInQueue();
      await db.transaction(async (tx) => {
        const advert = await lockAdvert(tx, advertId);
        if (!advert?.flaggedAt) throw notInQueue();
        await rejectAdvert(tx, advert, admin.id, reason);
        await notify(tx, "advert.rejected", {
          recipientId: advert.sellerId,
          params: { advertId, productName: advert.name, reason },
        });
        await recordAdminAction(
          tx,
          admin.id,
          "reject-advert",
          { type: "advert", id: advertId },
          `Rejected “${advert.name}”: ${reason}`,
        );
        await announceModeration(tx);
      });
    },
  };
}

export type HeldAdverts = ReturnType<typeof createHeldAdverts>;
