import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { adverts } from "../../db/schema/index.ts";
import type { AdvertUpdate } from "../../schemas/catalogue.ts";
import type { Actor } from "../accounts/index.ts";
import { alertSavers } from "../favourites/index.ts";
import type { JobQueue } from "../jobs/index.ts";
import type { MediaStorage } from "../media/index.ts";
import { announceModeration } from "../notifications/index.ts";
import { holdForReview, lockAdvert } from "../orders/index.ts";
import { advertColumns, requireBrand, storePhotos } from "./advert-columns.ts";
import { chosenPhotos } from "./advert-photos.ts";
import { batteryColumns } from "./battery-report.ts";
import { changeableAdvert } from "./owned-advert.ts";
import { attachProof, storeProofPhoto } from "./proof-photos.ts";
import { flagForAdmins, reviewSignals, savePhotoHashes, verdictOf } from "./review-signals.ts";
import { type SerialHasher, serialColumns } from "./serial-numbers.ts";

/**
 * Edit Advertisement: its seller changes it. Its photos are kept unless removed, new ones (uploaded with the
 * form or staged by the picker) are added, in the order the seller gave (core/catalogue/advert-photos.ts).
 */
export async function updateAdvert(
  db: Db,
  media: MediaStorage,
  jobs: JobQueue,
  serials: SerialHasher,
  actor: Actor,
  id: string,
  input: AdvertUpdate,
) {
  await changeableAdvert(db, actor, id);
  await requireBrand(db, input.brandId);
  const battery = await batteryColumns(input);
  const uploaded = await storePhotos(media, input.photos);
  const proofPhoto = input.proofPhoto && (await storeProofPhoto(media, input.proofPhoto));
  // The price as it was, read under the row's lock: a lower price for a laptop still for sale tells
  // everyone who saved it, in this same transaction (core/favourites).
  await db.transaction(async (tx) => {
    const before = await lockAdvert(tx, id);
    if (before?.status !== "available" && before?.status !== "pending_review") return;
    const current = before.photoKeys.length ? before.photoKeys : [before.imageKey];
    const photos = await chosenPhotos(tx, actor, current, input, uploaded);
    await tx
      .update(adverts)
      .set({
        ...advertColumns(input),
        ...battery,
        ...serialColumns(input, serials),
        photoKeys: photos.keys,
        imageKey: photos.keys[0] as string,
      })
      .where(eq(adverts.id, id));
    await savePhotoHashes(tx, id, before.sellerId, photos);
    if (proofPhoto) await attachProof(tx, actor, id, { code: input.proofCode, photo: proofPhoto });
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
    await flagForAdmins(tx, id, signals, before.flaggedAt !== null);
    if (input.resalePrice < before.resalePriceCents) {
      await alertSavers(tx, jobs, {
        kind: "price_drop",
        advertId: id,
        fromCents: before.resalePriceCents,
        toCents: input.resalePrice,
      });
    }
  });
}
