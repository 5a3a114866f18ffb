import { and, eq, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { isUuid } from "../../db/errors.ts";
import { adverts, brands } from "../../db/schema/index.ts";
import type { AdvertInput, AdvertUpdate } from "../../schemas/catalogue.ts";
import type { ReviewSignal } from "../../schemas/review-signals.ts";
import { type Actor, isActingSeller, isAdmin } from "../accounts/index.ts";
import { recordAdminAction } from "../audit/index.ts";
import { AppError } from "../errors.ts";
import { alertSavers } from "../favourites/index.ts";
import type { JobQueue } from "../jobs/index.ts";
import { type MediaStorage, mediaUrl, storePhoto } from "../media/index.ts";
import { announceModeration } from "../notifications/index.ts";
import { holdForReview, lockAdvert, publish, takeDown } from "../orders/index.ts";
import { processorColumns } from "./processors/match.ts";
import { reviewSignals, savePhotoHashes, verdictOf } from "./review-signals.ts";

/** An amount in cents as the form's price fields take it: "450", "449.99". */
const dollars = (cents: number) => (cents / 100).toFixed(2).replace(/\.00$/, "");

const notFound = () => new AppError("NOT_FOUND", "This advert does not exist.");
const sold = () => new AppError("CONFLICT", "This laptop is sold: its advert can no longer be changed.");
const rejected = () => new AppError("CONFLICT", "This advert was rejected: it can no longer be changed.");

/**
 * Weak signals alone flag a public advert for admins (or clear the flag when none are left); the admins'
 * open Reported Items pages hear when it enters, stays in (with what it raises now) or leaves their queue.
 */
async function flag(tx: Tx, advertId: string, signals: ReviewSignal[], wasFlagged = false) {
  await tx
    .update(adverts)
    .set(signals.length ? { reviewSignals: signals, flaggedAt: new Date() } : { reviewSignals: null, flaggedAt: null })
    .where(eq(adverts.id, advertId));
  if (signals.length > 0 || wasFlagged) await announceModeration(tx);
}

/**
 * A seller's own adverts: posting, editing, advertising, deleting.
 * Who the seller is comes from the session (the actor), never from the form;
 * ownership is part of every query.
 */
export function createAdvertCommands({ db, media, jobs }: { db: Db; media: MediaStorage; jobs: JobQueue }) {
  function requireSeller(actor: Actor) {
    if (!isActingSeller(actor)) throw new AppError("FORBIDDEN", "Only sellers can post and manage adverts.");
  }

  /**
   * The advert, if this actor may change it: its seller, acting as one. Admins only where `orAdmin` says so
   * (removing an advert); editing and featuring one is its seller's alone.
   */
  async function owned(actor: Actor, id: string, { orAdmin = false } = {}) {
    if (!isUuid(id)) throw notFound();
    const asAdmin = orAdmin && isAdmin(actor);
    const ownership: SQL | undefined = asAdmin ? undefined : eq(adverts.sellerId, actor.id);
    if (!asAdmin) requireSeller(actor);
    const [row] = await db
      .select({ id: adverts.id, status: adverts.status, sellerId: adverts.sellerId, name: adverts.name })
      .from(adverts)
      .where(and(eq(adverts.id, id), ownership));
    if (!row || row.status === "withdrawn") throw notFound();
    return row;
  }

  async function storePhotos(files: File[]) {
    const photos: { key: string; hash: bigint }[] = [];
    for (const file of files) {
      photos.push(await storePhoto(media, Buffer.from(await file.arrayBuffer()), "photos"));
    }
    return photos;
  }

  async function requireBrand(brandId: string) {
    const [brand] = isUuid(brandId)
      ? await db.select({ id: brands.id }).from(brands).where(eq(brands.id, brandId))
      : [];
    if (!brand)
      throw new AppError("VALIDATION_FAILED", "Choose a brand from the list.", {
        brandId: "Brand selection is required",
      });
  }

  const columns = (input: AdvertInput | AdvertUpdate) => ({
    brandId: input.brandId,
    name: input.name,
    originalPriceCents: input.originalPrice,
    resalePriceCents: input.resalePrice,
    yearsOfUse: input.yearsOfUse,
    location: input.location,
    mobile: input.mobile,
    description: input.description,
    condition: input.condition,
    processor: input.processor ?? null,
    // What the catalogue recognises in it (key, tier, year), written with the text it comes from.
    ...processorColumns(input.processor),
    ramGb: input.ramGb ?? null,
    storageGb: input.storageGb ?? null,
    storageType: input.storageType ?? null,
    screenInches: input.screenInches ?? null,
    batteryHealth: input.batteryHealth ?? null,
    ships: input.ships,
    shippingCents: input.shippingCents,
  });

  return {
    async create(actor: Actor, input: AdvertInput): Promise<{ id: string }> {
      requireSeller(actor);
      await requireBrand(input.brandId);
      const photos = await storePhotos(input.photos);
      const photoKeys = photos.map((p) => p.key);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(adverts)
          .values({ ...columns(input), sellerId: actor.id, imageKey: photoKeys[0] as string, photoKeys })
          .returning({ id: adverts.id });
        const { id } = row as { id: string };
        await savePhotoHashes(tx, id, actor.id, photos);
        // Review signals, in this transaction: a suspicious advert is held before anyone can see it.
        const signals = await reviewSignals(tx, id);
        if (verdictOf(signals) === "hold") {
          await holdForReview(tx, id, undefined, signals);
        } else {
          // Published at once (saved searches hear of it after the commit); weak signals flag it for admins.
          await publish(tx, id, actor.id);
          await flag(tx, id, signals);
        }
        return { id };
      });
    },

    async update(actor: Actor, id: string, input: AdvertUpdate) {
      const advert = await owned(actor, id);
      if (advert.status === "sold") throw sold();
      if (advert.status === "rejected") throw rejected();
      await requireBrand(input.brandId);
      const photos = input.photos.length ? await storePhotos(input.photos) : undefined;
      const photoKeys = photos?.map((p) => p.key);
      // The price as it was, read under the row's lock: a lower price for a laptop still for sale tells
      // everyone who saved it, in this same transaction (core/favourites).
      await db.transaction(async (tx) => {
        const before = await lockAdvert(tx, id);
        if (before?.status !== "available" && before?.status !== "pending_review") return;
        await tx
          .update(adverts)
          .set({ ...columns(input), ...(photoKeys && { photoKeys, imageKey: photoKeys[0] as string }) })
          .where(eq(adverts.id, id));
        if (photos) await savePhotoHashes(tx, id, before.sellerId, photos);
        // An edit is screened again. A held advert stays held (an admin releases it) with what it raises
        // now; a public one may be held or flagged by what the edit changed.
        const signals = await reviewSignals(tx, id);
        if (before.status === "pending_review") {
          if (signals.length) await tx.update(adverts).set({ reviewSignals: signals }).where(eq(adverts.id, id));
          // The admins' Held for review shows it as edited, with what it raises now.
          await announceModeration(tx);
          return;
        }
        if (verdictOf(signals) === "hold") return holdForReview(tx, id, before, signals);
        await flag(tx, id, signals, before.flaggedAt !== null);
        if (input.resalePrice < before.resalePriceCents) {
          await alertSavers(tx, jobs, {
            kind: "price_drop",
            advertId: id,
            fromCents: before.resalePriceCents,
            toCents: input.resalePrice,
          });
        }
      });
    },

    /** Add To Advertisement / Remove Advertisement. */
    async setAdvertised(actor: Actor, id: string, advertised: boolean) {
      const advert = await owned(actor, id);
      if (advert.status === "sold") throw sold();
      if (advert.status === "rejected") throw rejected();
      await db.update(adverts).set({ advertised }).where(eq(adverts.id, id));
    },

    /**
     * Deleting withdraws the advert: it leaves the catalogue, its unpaid bookings end (their buyers see it is
     * no longer for sale), and any order that refers to it keeps it. Not while a buyer is paying for it.
     */
    async withdraw(actor: Actor, id: string) {
      const advert = await owned(actor, id, { orAdmin: true });
      await db.transaction(async (tx) => {
        const locked = await lockAdvert(tx, id);
        if (!locked) throw notFound();
        // Its seller deletes it; an admin removes it (at once, even while a buyer is paying: decision 8).
        const byAdmin = isAdmin(actor) && advert.sellerId !== actor.id;
        await takeDown(tx, locked, byAdmin ? "remove" : "withdraw", actor.id);
        if (byAdmin) {
          await recordAdminAction(
            tx,
            actor.id,
            "delete-advert",
            { type: "advert", id },
            `Deleted the advert “${advert.name}”`,
          );
        }
      });
    },

    /** The advert's current values, for the edit form. */
    async getForEdit(actor: Actor, id: string) {
      await owned(actor, id);
      const [a] = await db.select().from(adverts).where(eq(adverts.id, id));
      if (!a) throw notFound();
      return {
        id: a.id,
        status: a.status,
        name: a.name,
        brandId: a.brandId,
        originalPrice: dollars(a.originalPriceCents),
        resalePrice: dollars(a.resalePriceCents),
        yearsOfUse: String(a.yearsOfUse),
        location: a.location,
        mobile: a.mobile,
        description: a.description,
        condition: a.condition,
        processor: a.processor ?? "",
        ramGb: a.ramGb?.toString() ?? "",
        storageGb: a.storageGb?.toString() ?? "",
        storageType: a.storageType ?? "",
        screenInches: a.screenInches ?? "",
        batteryHealth: a.batteryHealth?.toString() ?? "",
        ships: a.ships,
        shippingPrice: a.ships ? dollars(a.shippingCents) : "",
        photoUrls: (a.photoKeys.length ? a.photoKeys : [a.imageKey]).map(mediaUrl),
      };
    },
  };
}

export type AdvertCommands = ReturnType<typeof createAdvertCommands>;
export type AdvertFormValues = Awaited<ReturnType<AdvertCommands["getForEdit"]>>;
