import { z } from "zod";
import { advertRowFields } from "./catalogue.ts";
import { namedKeysetPage } from "./keyset-pages.ts";
import { sellerRecordSchema } from "./moderation.ts";

/**
 * Why an advert was held for review or flagged for admins (core/catalogue/review-signals.ts computes
 * them). A strong signal holds the advert; weak ones only flag it, unless two come together.
 */
export const REVIEW_SIGNALS = {
  low_price: { strength: "strong", seller: "Its price is far below similar laptops." },
  duplicate_photo: { strength: "strong", seller: "A photo looks the same as a photo in another seller's advert." },
  shared_mobile: { strength: "strong", seller: "Its mobile number is on other sellers' adverts." },
  same_serial: { strength: "strong", seller: "Its serial number is on another seller's advert." },
  // Said as little as possible to the seller: a thief is not told what was found.
  stolen_serial: { strength: "strong", seller: "Its serial number needs a check by our team." },
  posting_burst: { strength: "weak", seller: "Many adverts were posted from a new account in a short time." },
  off_site_contact: { strength: "weak", seller: "Its text asks buyers to pay or talk outside ReLaptop." },
} as const satisfies Record<string, { strength: "strong" | "weak"; seller: string }>;

export type ReviewSignalKind = keyof typeof REVIEW_SIGNALS;
const KINDS = Object.keys(REVIEW_SIGNALS) as [ReviewSignalKind, ...ReviewSignalKind[]];

/**
 * One signal as stored on the advert: its kind, and what admins need to judge it. A duplicate photo keeps which
 * of this advert's photos looks like which photo of which other advert (`sameAs`, from December 2026: older
 * signals have the words only), so admins see both side by side.
 */
export interface ReviewSignal {
  kind: ReviewSignalKind;
  detail: string;
  sameAs?: { advertId: string; advertName: string; sellerName: string; photoKey: string; ownPhotoKey: string }[];
}

/** A duplicate photo as admins see it: both pictures, and the other advert to open. */
const samePhotoSchema = z.object({
  advertId: z.uuid(),
  advertName: z.string(),
  sellerName: z.string(),
  photoUrl: z.string().meta({ description: "The other advert's photo" }),
  ownPhotoUrl: z.string().meta({ description: "This advert's photo that looks the same" }),
});
export type SamePhoto = z.infer<typeof samePhotoSchema>;

/** A signal as the review queue shows it. */
export const reviewSignalSchema = z
  .object({ kind: z.enum(KINDS), detail: z.string(), sameAs: z.array(samePhotoSchema).optional() })
  .meta({ id: "ReviewSignal" });
export type ShownReviewSignal = z.infer<typeof reviewSignalSchema>;

/** An advert in the admins' review queue (Reported Items). */
export const heldAdvertSchema = z
  .object({
    ...advertRowFields,
    sellerId: z.string(),
    sellerName: z.string(),
    sellerRecord: sellerRecordSchema,
    resalePriceCents: z.int(),
    /** True when it is held (not public); false when it is public and only flagged. */
    held: z.boolean(),
    flaggedAt: z.string(),
    signals: z.array(reviewSignalSchema),
  })
  .meta({ id: "HeldAdvert" });
export type HeldAdvert = z.infer<typeof heldAdvertSchema>;
export const heldAdvertListSchema = namedKeysetPage("adverts", heldAdvertSchema);
