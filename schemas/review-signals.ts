import { z } from "zod";
import { advertRowFields } from "./catalogue.ts";
import { namedKeysetPage } from "./keyset-pages.ts";

/**
 * Why an advert was held for review or flagged for admins (core/catalogue/review-signals.ts computes
 * them). A strong signal holds the advert; weak ones only flag it, unless two come together.
 */
export const REVIEW_SIGNALS = {
  low_price: { strength: "strong", seller: "Its price is far below similar laptops." },
  duplicate_photo: { strength: "strong", seller: "A photo looks the same as a photo in another seller's advert." },
  shared_mobile: { strength: "strong", seller: "Its mobile number is on other sellers' adverts." },
  posting_burst: { strength: "weak", seller: "Many adverts were posted from a new account in a short time." },
  off_site_contact: { strength: "weak", seller: "Its text asks buyers to pay or talk outside ReLaptop." },
} as const satisfies Record<string, { strength: "strong" | "weak"; seller: string }>;

export type ReviewSignalKind = keyof typeof REVIEW_SIGNALS;
const KINDS = Object.keys(REVIEW_SIGNALS) as [ReviewSignalKind, ...ReviewSignalKind[]];

/** One signal as stored on the advert: its kind, and what admins need to judge it. */
export const reviewSignalSchema = z.object({ kind: z.enum(KINDS), detail: z.string() }).meta({ id: "ReviewSignal" });
export type ReviewSignal = z.infer<typeof reviewSignalSchema>;

/** An advert in the admins' review queue (Reported Items). */
export const heldAdvertSchema = z
  .object({
    ...advertRowFields,
    sellerName: z.string(),
    resalePriceCents: z.int(),
    /** True when it is held (not public); false when it is public and only flagged. */
    held: z.boolean(),
    flaggedAt: z.string(),
    signals: z.array(reviewSignalSchema),
  })
  .meta({ id: "HeldAdvert" });
export type HeldAdvert = z.infer<typeof heldAdvertSchema>;
export const heldAdvertListSchema = namedKeysetPage("adverts", heldAdvertSchema);
