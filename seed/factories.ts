import { eq } from "drizzle-orm";
import type { Role } from "../core/accounts/index.ts";
import { processorColumns } from "../core/catalogue/index.ts";
import { adverts, brands, users } from "../db/schema/index.ts";
import { advertUpdateSchema } from "../schemas/catalogue.ts";
import type { ReviewSignal } from "../schemas/review-signals.ts";
import type { AdvertStatus, ChecklistItem, Condition } from "../schemas/values.ts";
import type { Core } from "../server/services.ts";
import { brandLogo, laptopPicture } from "./demo-images.ts";

/**
 * One set of factories for the demo data, the integration tests and the browser tests,
 * going through the same domain paths as the product where one exists.
 */
export const DEMO_PASSWORD = "Passw0rd!";

export async function createUser(
  s: Core,
  input: { name: string; email: string; role?: Role; verified?: boolean; password?: string },
) {
  const { user } = await s.services.accounts.auth.api.signUpEmail({
    body: { name: input.name, email: input.email, password: input.password ?? DEMO_PASSWORD },
  });
  const role = input.role ?? "user";
  if (role !== "user" || input.verified) {
    await s.runtime.db
      .update(users)
      .set({ role, verified: input.verified ?? false })
      .where(eq(users.id, user.id));
  }
  // The account as a session sees it, so seeds can act as this user through the core.
  return {
    id: user.id,
    name: input.name,
    email: input.email,
    role,
    verified: input.verified ?? false,
    actingAsSeller: true,
    emailVerified: true, // made by our own code, not a sign-up form (core/accounts/auth.ts)
    twoFactorEnabled: false,
  };
}

export async function createBrand(s: Core, name: string, hue = 210) {
  const imageKey = await s.services.media.put(await brandLogo(name, hue), "webp");
  const [brand] = await s.runtime.db.insert(brands).values({ name, imageKey }).returning();
  if (!brand) throw new Error("brand not created");
  return brand;
}

export interface AdvertSeed {
  sellerId: string;
  brandId: string;
  name: string;
  resalePriceCents: number;
  originalPriceCents?: number;
  yearsOfUse?: number;
  location?: string;
  condition?: Condition;
  advertised?: boolean;
  status?: AdvertStatus;
  /** Held for review (status pending_review) or flagged, with these signals. */
  reviewSignals?: ReviewSignal[];
  /** Defaults to one of the seller's own (each seller a number of their own, as the review signals expect). */
  mobile?: string;
  /** A tier without a processor (tests); otherwise it comes from the processor. */
  performanceTier?: number;
  createdAt?: Date;
  hue?: number;
  imageKey?: string;
  /** As a seller would type it; what the catalogue recognises in it is stored beside it, as on posting. */
  processor?: string;
  ramGb?: number;
  storageGb?: number;
  storageType?: "SSD" | "HDD" | "eMMC" | "Hybrid";
  /** Its seller posts it for this much (0 ships free); otherwise buyers meet them. */
  shippingCents?: number;
  /** What its seller ticks as true of it (the form's checklist); none by default. */
  checklist?: ChecklistItem[];
  /** More photos after the first, one per view named ("open", "side"), so the laptop's gallery has several. */
  views?: string[];
}

/** A phone number of the seller's own, the same on all their adverts: 017 and eight digits from their id. */
function sellersMobile(sellerId: string) {
  let n = 0;
  for (const c of sellerId) n = (n * 31 + c.charCodeAt(0)) % 100_000_000;
  return `017${String(n).padStart(8, "0")}`;
}

export async function createAdvert(s: Core, a: AdvertSeed) {
  const imageKey = a.imageKey ?? (await s.services.media.put(await laptopPicture(a.name, a.hue ?? 200), "webp"));
  const viewKeys: string[] = [];
  for (const [k, view] of (a.views ?? []).entries()) {
    // Each view tinted apart, so the gallery's thumbnails tell them apart at a glance.
    const picture = await laptopPicture(`${a.name}, ${view}`, ((a.hue ?? 200) + 40 * (k + 1)) % 360);
    viewKeys.push(await s.services.media.put(picture, "webp"));
  }
  const [advert] = await s.runtime.db
    .insert(adverts)
    .values({
      sellerId: a.sellerId,
      brandId: a.brandId,
      name: a.name,
      imageKey,
      photoKeys: [imageKey, ...viewKeys],
      originalPriceCents: a.originalPriceCents ?? Math.round(a.resalePriceCents * 1.6),
      resalePriceCents: a.resalePriceCents,
      yearsOfUse: a.yearsOfUse ?? 1,
      location: a.location ?? "Dhaka",
      mobile: a.mobile ?? sellersMobile(a.sellerId),
      description: `${a.name}, well kept, with its charger.`,
      condition: a.condition ?? "good",
      advertised: a.advertised ?? false,
      status: a.status ?? "available",
      processor: a.processor ?? null,
      ...processorColumns(a.processor),
      // Tests may set a tier without a processor.
      ...(a.performanceTier !== undefined && { performanceTier: a.performanceTier }),
      ramGb: a.ramGb ?? null,
      storageGb: a.storageGb ?? null,
      storageType: a.storageType ?? null,
      ships: a.shippingCents !== undefined,
      shippingCents: a.shippingCents ?? 0,
      checklist: a.checklist ?? [],
      ...(a.reviewSignals && { reviewSignals: a.reviewSignals, flaggedAt: new Date() }),
      ...(a.createdAt && { createdAt: a.createdAt }),
    })
    .returning();
  if (!advert) throw new Error("advert not created");
  return advert;
}

type Book = Core["services"]["orders"]["book"];

/** An order booked as `booking` says (to meet, or shipped) and paid with the test card, through the core. */
export async function createPaidOrder(s: Core, buyer: Parameters<Book>[0], booking: Parameters<Book>[1]) {
  const order = await s.services.orders.book(buyer, booking);
  await s.services.orders.payWithTestCard(buyer, order.id);
  return order;
}

/** A sale carried to its end through the core: booked, paid with the test card, received and accepted by the buyer. */
export async function createCompletedOrder(s: Core, buyer: Parameters<Book>[0], advertId: string) {
  const order = await createPaidOrder(s, buyer, {
    advertId,
    meetingLocation: "Gulshan 1, Dhaka",
    phone: "01711234567",
  });
  await s.services.orders.confirmReceipt(buyer, order.id);
  await s.services.orders.accept(buyer, order.id);
  return order;
}

/**
 * The seller edits their advert to a lower price, through the edit form's own schema and command — so
 * everyone who saved it is told, as in the product.
 */
export async function lowerPrice(
  s: Core,
  seller: Awaited<ReturnType<typeof createUser>>,
  advertId: string,
  toCents: number,
) {
  const {
    id: _id,
    status: _status,
    photos: _photos,
    ...fields
  } = await s.services.catalogue.adverts.getForEdit(seller, advertId);
  const input = advertUpdateSchema.parse({
    ...fields,
    ships: String(fields.ships),
    resalePrice: (toCents / 100).toFixed(2),
    photos: [],
  });
  await s.services.catalogue.adverts.update(seller, advertId, input);
}
