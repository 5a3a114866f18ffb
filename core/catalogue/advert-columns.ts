import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { brands } from "../../db/schema/index.ts";
import { type AdvertInput, type AdvertUpdate, BRAND_REQUIRED } from "../../schemas/catalogue.ts";
import { CATALOGUE_MESSAGES as M } from "../../schemas/messages.ts";
import { AppError } from "../errors.ts";
import { type MediaStorage, storePhoto } from "../media/index.ts";
import { processorColumns } from "./processors/match.ts";

/** What the advert form's checked input (schemas/catalogue.ts) writes to an advert's row. */
export const advertColumns = (input: AdvertInput | AdvertUpdate) => ({
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
  checklist: input.checklist,
  ships: input.ships,
  shippingCents: input.shippingCents,
});

/** The brand chosen must exist: one deleted since the form was shown is refused on its field. */
export async function requireBrand(db: Db, brandId: string) {
  const [brand] = await db.select({ id: brands.id }).from(brands).where(eq(brands.id, brandId));
  if (!brand) throw new AppError("VALIDATION_FAILED", M.chooseBrand, { brandId: BRAND_REQUIRED });
}

/** The advert's photos, stored one after another, each with its perceptual hash (review-signals.ts). */
export async function storePhotos(media: MediaStorage, files: File[]) {
  const photos: { key: string; hash: bigint }[] = [];
  for (const file of files) photos.push(await storePhoto(media, file, "photos"));
  return photos;
}
