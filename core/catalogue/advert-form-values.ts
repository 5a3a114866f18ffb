import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { adverts } from "../../db/schema/index.ts";
import type { Actor } from "../accounts/index.ts";
import { mediaUrl } from "../media/index.ts";
import { advertNotFound, ownedAdvert } from "./owned-advert.ts";

/** An amount in cents as the form's price fields take it: "450", "449.99". */
const dollars = (cents: number) => (cents / 100).toFixed(2).replace(/\.00$/, "");

/** The advert's current values, for the edit form (its seller's only). */
export async function getAdvertForEdit(db: Db, actor: Actor, id: string) {
  await ownedAdvert(db, actor, id);
  const [a] = await db.select().from(adverts).where(eq(adverts.id, id));
  if (!a) throw advertNotFound();
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
    // The battery report's figures (the report itself is not kept): the form says what it has and may remove it.
    batteryReport: a.batteryReport,
    // Whether a serial number is recorded, never the number (only its keyed hash is kept).
    hasSerialNumber: a.serialHash !== null,
    checklist: a.checklist,
    ships: a.ships,
    shippingPrice: a.ships ? dollars(a.shippingCents) : "",
    // Each photo's key (what the form sends back to keep it) and its address, in the advert's order.
    photos: (a.photoKeys.length ? a.photoKeys : [a.imageKey]).map((key) => ({ key, url: mediaUrl(key) })),
  };
}

export type AdvertFormValues = Awaited<ReturnType<typeof getAdvertForEdit>>;
