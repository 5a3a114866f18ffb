import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { adverts, brands, priceGuides, users } from "../../db/schema/index.ts";
import type { AdvertDetail } from "../../schemas/catalogue.ts";
import { toRating } from "../../schemas/reviews.ts";
import { isAdmin } from "../../schemas/roles.ts";
import type { SessionUser } from "../accounts/index.ts";
import { mediaUrl } from "../media/index.ts";
import { isPublic } from "../orders/index.ts";
import { laptopColumns, sellerColumns, withSellerRating } from "./cards.ts";
import { comparableSales } from "./price-guidance.ts";
import { priceBadge, withPriceGuide } from "./price-guides.ts";
import { processorName, tierName } from "./processors/processors.ts";

/** Who may see an advert that is not public: its seller and admins. */
type Viewer = Pick<SessionUser, "id" | "role">;

/**
 * Everything a laptop's page shows (AdvertDetail, schemas/catalogue.ts), and who sells it.
 * Withdrawn adverts are gone (null); sold ones stay visible as Sold. Held and rejected ones are not public:
 * only their seller and admins see them, with `review` saying why — `viewer` is asked for only then, so a
 * public laptop's page never looks up a session for it.
 */
export async function getAdvertDetail(
  db: Db,
  id: string,
  viewer?: () => Promise<Viewer | null | undefined>,
): Promise<(AdvertDetail & { sellerId: string }) | null> {
  const [a] = await db
    .select({
      ...laptopColumns,
      brandId: brands.id,
      brandName: brands.name,
      photoKeys: adverts.photoKeys,
      description: adverts.description,
      checklist: adverts.checklist,
      batteryReport: adverts.batteryReport,
      removalReason: adverts.removalReason,
      sellerId: adverts.sellerId,
      ...sellerColumns,
      priceBadge,
      guideCount: priceGuides.comparables,
      guideSource: priceGuides.source,
      guideLowCents: priceGuides.lowCents,
      guideMedianCents: priceGuides.medianCents,
      guideHighCents: priceGuides.highCents,
      processorYear: adverts.processorYear,
    })
    .from(adverts)
    .innerJoin(brands, eq(brands.id, adverts.brandId))
    .innerJoin(users, eq(users.id, adverts.sellerId))
    .leftJoin(...withSellerRating)
    .leftJoin(...withPriceGuide)
    .where(eq(adverts.id, id));
  if (!a || a.status === "withdrawn") return null;
  if (!isPublic(a.status)) {
    const who = await viewer?.();
    if (!who || (who.id !== a.sellerId && !isAdmin(who))) return null;
  }
  const {
    imageKey,
    photoKeys,
    status,
    removalReason,
    performanceTier,
    createdAt,
    ratingSum,
    ratingCount,
    guideCount,
    guideSource,
    guideLowCents,
    guideMedianCents,
    guideHighCents,
    processorYear,
    ships,
    shippingCents,
    processorKey,
    ...rest
  } = a;
  // What buyers are shown under the price: its configuration's kept guide (the badge's numbers) and, when
  // that is sales, the sales themselves for the chart.
  const guidance =
    guideCount !== null &&
    guideSource !== null &&
    guideLowCents !== null &&
    guideMedianCents !== null &&
    guideHighCents !== null
      ? {
          count: guideCount,
          source: guideSource,
          lowCents: guideLowCents,
          medianCents: guideMedianCents,
          highCents: guideHighCents,
          // Kept per configuration, whatever the battery (core/catalogue/price-guidance.ts).
          battery: null,
        }
      : null;
  const sales =
    guidance?.source === "sales"
      ? await comparableSales(db, {
          performanceTier,
          processorYear,
          ramGb: a.ramGb,
          storageGb: a.storageGb,
          condition: a.condition,
          yearsOfUse: a.yearsOfUse,
        })
      : [];
  // sellerId stays: pages need it to tell the seller's own laptop apart; the API drops it.
  return {
    ...rest,
    sold: status === "sold",
    shippingCents: ships ? shippingCents : null,
    review:
      status === "pending_review" || status === "rejected"
        ? { status, reason: status === "rejected" ? removalReason : null }
        : null,
    performanceTier: tierName(performanceTier),
    processorName: processorName(processorKey, rest.processor),
    sellerRating: toRating(ratingSum, ratingCount),
    photoUrls: (photoKeys.length ? photoKeys : [imageKey]).map(mediaUrl),
    postedAt: createdAt.toISOString(),
    priceBasis: a.priceBadge && guideCount && guideSource ? { count: guideCount, source: guideSource } : null,
    worth: guidance && { guidance, sales },
  };
}
