import type { Db } from "../../db/client.ts";
import { adverts } from "../../db/schema/index.ts";
import type { AdvertInput } from "../../schemas/catalogue.ts";
import type { Actor } from "../accounts/index.ts";
import type { MediaStorage } from "../media/index.ts";
import { holdForReview, publish } from "../orders/index.ts";
import { advertColumns, requireBrand, storePhotos } from "./advert-columns.ts";
import { chosenPhotos } from "./advert-photos.ts";
import { batteryColumns } from "./battery-report.ts";
import { requireSeller } from "./owned-advert.ts";
import { attachProof, storeProofPhoto } from "./proof-photos.ts";
import { flagForAdmins, reviewSignals, savePhotoHashes, verdictOf } from "./review-signals.ts";
import { type SerialHasher, serialColumns } from "./serial-numbers.ts";

/** Add Advertisement: a seller posts a laptop, published at once unless its review signals hold it. */
export async function createAdvert(
  db: Db,
  media: MediaStorage,
  serials: SerialHasher,
  actor: Actor,
  input: AdvertInput,
) {
  requireSeller(actor);
  await requireBrand(db, input.brandId);
  // The battery report is read before anything is stored: a refused one refuses the form.
  const battery = await batteryColumns(input);
  const uploaded = await storePhotos(media, input.photos);
  const proofPhoto = input.proofPhoto && (await storeProofPhoto(media, input.proofPhoto));
  return db.transaction(async (tx) => {
    // Staged photos (the picker's) are used up here, in the advert's own transaction.
    const photos = await chosenPhotos(tx, actor, [], input, uploaded);
    const [row] = await tx
      .insert(adverts)
      .values({
        ...advertColumns(input),
        ...battery,
        ...serialColumns(input, serials),
        sellerId: actor.id,
        imageKey: photos.keys[0] as string,
        photoKeys: photos.keys,
      })
      .returning({ id: adverts.id });
    const { id } = row as { id: string };
    await savePhotoHashes(tx, id, actor.id, photos);
    // "In hand": its proof photo waits for an admin (refused, the whole post is, as a refused photo is).
    if (proofPhoto) await attachProof(tx, actor, id, { code: input.proofCode, photo: proofPhoto });
    // Review signals, in this transaction: a suspicious advert is held before anyone can see it.
    const signals = await reviewSignals(tx, id);
    if (verdictOf(signals) === "hold") {
      await holdForReview(tx, id, undefined, signals);
    } else {
      // Published at once (saved searches hear of it after the commit); weak signals flag it for admins.
      await publish(tx, id, actor.id);
      await flagForAdmins(tx, id, signals);
    }
    return { id };
  });
}
