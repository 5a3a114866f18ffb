import sharp from "sharp";
import { advertSchema } from "../schemas/catalogue.ts";
import type { Core } from "../server/services.ts";
import { distinctPhoto } from "./demo-images.ts";
import { createUser } from "./factories.ts";

type Seller = Awaited<ReturnType<typeof createUser>>;

/** Sam's phone on the advert he posts here: another seller's advert with it is held (the e2e test uses it too). */
export const SAMS_DEMO_MOBILE = "01711000001";

/**
 * A few suspicious adverts, posted through the product so the review signals judge them, so the review
 * queue in Reported Items has something on first start: one held for another seller's photo, one for
 * another seller's phone number, one only flagged for asking to be paid by Western Union — which Sam reports;
 * and a serial number the admins were told was stolen.
 */
export async function seedSuspiciousAdverts(
  s: Core,
  { sam, admin }: { sam: Seller; admin: Seller },
  brandIds: Record<string, string | undefined>,
) {
  const quick = await createUser(s, { name: "Quick Deals", email: "quickdeals@relaptop.test", role: "seller" });
  const outlet = await createUser(s, { name: "Laptop Outlet", email: "outlet@relaptop.test", role: "seller" });
  const photo = await distinctPhoto("ThinkPad T490", 7);
  const post = (seller: Seller, { brand, ...fields }: { brand: string } & Record<string, string>, picture: Buffer) =>
    s.services.catalogue.adverts.create(
      seller,
      advertSchema.parse({
        originalPrice: "1100",
        yearsOfUse: "3",
        location: "Dhaka",
        condition: "good",
        ramGb: "16",
        storageGb: "512",
        storageType: "SSD",
        ...fields,
        brandId: brandIds[brand] ?? "",
        photos: [new File([new Uint8Array(picture)], "photo.webp", { type: "image/webp" })],
      }),
    );
  await post(
    sam,
    {
      // Not a "ThinkPad" by name: the demo buyer's saved search for ThinkPads is not the subject here.
      name: "Lenovo T490 14-inch",
      brand: "Lenovo",
      resalePrice: "520",
      mobile: SAMS_DEMO_MOBILE,
      // Private: his edit form says one is recorded, and nobody ever sees it.
      serialNumber: "PF-1T490-0001",
      description: "My work laptop for three years: new battery, with its charger.",
    },
    photo,
  );
  // Sam's photo, saved as a smaller JPEG by someone else: held.
  await post(
    quick,
    {
      name: "ThinkPad T490 like new",
      brand: "Lenovo",
      resalePrice: "480",
      mobile: "01911000002",
      description: "Like new, barely used.",
    },
    await sharp(photo).resize(500).jpeg({ quality: 70 }).toBuffer(),
  );
  // Sam's phone number on another seller's advert: held.
  await post(
    outlet,
    {
      name: "HP EliteBook 840 G6",
      brand: "HP",
      resalePrice: "430",
      mobile: SAMS_DEMO_MOBILE,
      description: "Office laptop in good condition.",
    },
    await distinctPhoto("EliteBook 840 G6", 8),
  );
  // One weak signal: public, flagged for admins.
  const swift = await post(
    quick,
    {
      name: "Acer Swift 3 SF314",
      brand: "Acer",
      resalePrice: "390",
      mobile: "01911000002",
      description: "Fast and light. I ship anywhere: pay by Western Union first.",
    },
    await distinctPhoto("Swift 3", 9),
  );
  // Sam comes across it and reports it: an open report on Reported Items (and the admins' dashboard).
  await s.services.moderation.reports.report(sam, {
    advertId: swift.id,
    reason: "Scam or fraud",
    details: "Asks to be paid by Western Union before anyone sees the laptop.",
  });
  // A laptop the police told the admins was stolen: on Stolen serials, and any advert with it would be held.
  await s.services.moderation.stolenSerials.report(admin, {
    serialNumber: "PF2XK9LQ",
    reason: "Police notice DMP-2026-1187: ThinkPad X1 Carbon taken from a car in Gulshan",
  });
}
