import { z } from "zod";
import { PHOTO_MESSAGES, photoChoiceFields } from "./advert-photos.ts";
import { batteryReportField, batteryReportSchema } from "./battery-report.ts";
import { MESSAGES } from "./messages.ts";
import { dollarsToCents } from "./money.ts";
import { comparablePricesSchema, priceBadgeSchema, salePointSchema } from "./price-guidance.ts";
import { proofCodeField, proofPhotoField } from "./proof-photos.ts";
import { ratingSchema } from "./reviews.ts";
import { optionalSerialNumber } from "./serial-numbers.ts";
import { optionalText, requiredText } from "./text-fields.ts";

/** A file input that was filled in (an empty input posts a nameless, empty File). */
export const isFile = (v: unknown): v is File => typeof File !== "undefined" && v instanceof File && v.size > 0;
const requiredFile = (message: string) => z.custom<File>(isFile, { message });
const optionalFile = z
  .unknown()
  .optional()
  .transform((v) => (isFile(v) ? v : undefined));

/** Text that must say something (text-fields.ts): blank or invisible-only is refused like an empty field. */
const text = (required: string, max: number, tooLong: string) => requiredText(required).max(max, tooLong);

/** The spec's words for a missing image, a brand's logo or an advert's photos alike. */
const IMAGE_REQUIRED = PHOTO_MESSAGES.required;

/** Said by the form, and by the core when the brand chosen is gone by the time the advert is saved. */
export const BRAND_REQUIRED = "Brand selection is required";

export const brandSchema = z.object({
  name: text(MESSAGES.field.nameRequired, 60, "Name must be 60 characters or fewer"),
  image: requiredFile(IMAGE_REQUIRED),
});

export const brandUpdateSchema = z.object({
  name: brandSchema.shape.name,
  image: optionalFile,
});

export type BrandInput = z.infer<typeof brandSchema>;
export type BrandUpdate = z.infer<typeof brandUpdateSchema>;

/* ── Adverts ─────────────────────────────────────────────────────────────── */

import { CHECKLIST, CONDITIONS, MAX_PHOTOS, PERFORMANCE_TIERS, PRICE_SOURCES, STORAGE_TYPES } from "./values.ts";

/** A checklist item that is not one (the API's multipart form): refused on the `checklist` field. */
const CHECKLIST_ERROR = `Checklist items are among: ${CHECKLIST.join(", ")}`;

export { CONDITIONS, MAX_PHOTOS, STORAGE_TYPES };

/** A price as people type it — "450", "449.99", "1,200", "$15" (money.ts reads it) — as cents, positive. */
const price = (required: string, label: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .transform((typed, ctx) => {
      const cents = dollarsToCents(typed);
      if (cents !== null && cents > 0) return cents;
      ctx.addIssue({ code: "custom", message: `${label} must be a positive amount, like 450 or 449.99` });
      return z.NEVER;
    });

export const SHIPPING_PRICE_REQUIRED = "Shipping price is required when you ship (0 for free shipping)";
const SHIPPING_PRICE_FORMAT = "Shipping price must be an amount, like 15 or 12.50 (0 for free shipping)";

/** The shipping price typed, as cents (0 ships free), or why it cannot be read. */
function shippingCentsIn(typed: string | undefined): number | string {
  if (!typed?.trim()) return SHIPPING_PRICE_REQUIRED;
  return dollarsToCents(typed) ?? SHIPPING_PRICE_FORMAT;
}

type Shipping = { ships: boolean; shippingPrice?: string };
/**
 * A seller who ships says what it costs; a price left in the form by a seller who only meets buyers is not
 * read (the field is hidden then, not emptied).
 */
const checkShipping = (a: Shipping, ctx: z.RefinementCtx) => {
  const read = a.ships === true ? shippingCentsIn(a.shippingPrice) : 0;
  if (typeof read === "string") ctx.addIssue({ code: "custom", path: ["shippingPrice"], message: read });
};
/** The checked form as the advert stores it: shipping in cents, 0 for a seller who only meets buyers. */
function withShippingCents<T extends Shipping>(input: T) {
  const { shippingPrice, ...advert } = input;
  return { ...advert, shippingCents: input.ships ? (shippingCentsIn(shippingPrice) as number) : 0 };
}

/** An optional whole number within bounds; empty means "not given". */
const optionalInt = (label: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine(
      (v) => v === undefined || (/^\d+$/.test(v) && Number(v) >= min && Number(v) <= max),
      `${label} must be a whole number from ${min} to ${max}`,
    )
    .transform((v) => (v === undefined ? undefined : Number(v)));

const optionalSpec = (max: number, label: string) => optionalText(max, `${label} must be ${max} characters or fewer`);

/**
 * The form's files, checked with the staged photos it names (`photo`) so that "at least one" and "at most six"
 * are said on `photos` beside the other fields' messages (an object's own refinements wait for every field).
 */
const photosWithStaged = (required: boolean) =>
  z.object({ files: z.unknown().optional(), staged: z.unknown().optional() }).transform(({ files, staged }, ctx) => {
    const list = (Array.isArray(files) ? files : [files]).filter(isFile);
    const count = list.length + (Array.isArray(staged) ? staged.length : typeof staged === "string" ? 1 : 0);
    if (required && count === 0) ctx.addIssue({ code: "custom", message: PHOTO_MESSAGES.required });
    if (count > MAX_PHOTOS) ctx.addIssue({ code: "custom", message: PHOTO_MESSAGES.tooMany });
    return list;
  });
/** Hands the `photos` field both the files and the staged photos' ids. */
const pairPhotos = (v: unknown) =>
  v && typeof v === "object" && !Array.isArray(v)
    ? { ...v, photos: { files: (v as { photos?: unknown }).photos, staged: (v as { photo?: unknown }).photo } }
    : v;

const advertFields = {
  name: text(MESSAGES.field.nameRequired, 120, "Name must be 120 characters or fewer"),
  // A brand's id, checked here so that the core is only asked about ids (a select's value is one).
  brandId: z
    .string({ error: BRAND_REQUIRED })
    .trim()
    .pipe(z.uuid({ error: BRAND_REQUIRED })),
  originalPrice: price("Original price is required", "Original price"),
  resalePrice: price("Resale price is required", "Resale price"),
  yearsOfUse: z
    .string({ error: "Year of use is required" })
    .trim()
    .min(1, "Year of use is required")
    .refine((v) => /^\d{1,2}$/.test(v) && Number(v) <= 30, "Year of use must be a whole number of years from 0 to 30")
    .transform(Number),
  location: text("Location is required", 120, "Location must be 120 characters or fewer"),
  mobile: z
    .string({ error: "Mobile number is required" })
    .trim()
    .min(1, "Mobile number is required")
    .regex(/^\+?[\d\s-]{6,20}$/, "Enter a mobile number of digits, like 01712345678"),
  description: text("Description is required", 4000, "Description must be 4000 characters or fewer"),
  condition: z.enum(CONDITIONS, { error: "Condition is required" }),
  processor: optionalSpec(100, "Processor"),
  ramGb: optionalInt("RAM", 1, 256),
  storageGb: optionalInt("Storage", 8, 16384),
  storageType: z
    .enum(STORAGE_TYPES)
    .optional()
    .or(z.literal("").transform(() => undefined)),
  screenInches: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .refine(
      (v) => v === undefined || (/^\d{1,2}(\.\d)?$/.test(v) && Number(v) >= 10 && Number(v) <= 20),
      "Screen size must be from 10 to 20 inches, like 14 or 15.6",
    ),
  batteryHealth: optionalInt("Battery health", 0, 100),
  /** The laptop's own battery report (read, never kept: schemas/battery-report.ts); a new one replaces the last. */
  batteryReport: batteryReportField,
  /** The edit form's "Remove the battery report" checkbox. */
  removeBatteryReport: z
    .enum(["true", "false"], { error: "Remove the battery report is either true or false" })
    .optional()
    .transform((v) => v === "true"),
  /**
   * The laptop's serial number, optional and private (schemas/serial-numbers.ts): only a keyed hash of it is kept.
   */
  serialNumber: optionalSerialNumber,
  /** "In hand": the laptop beside the seller's one-time code (schemas/proof-photos.ts), and that code. */
  proofPhoto: proofPhotoField,
  proofCode: proofCodeField,
  /** The edit form's "Remove the serial number" checkbox. */
  removeSerialNumber: z
    .enum(["true", "false"], { error: "Remove the serial number is either true or false" })
    .optional()
    .transform((v) => v === "true"),
  /**
   * "What is true of this laptop": the ticked boxes, one `checklist` field each (none ticked: none sent), each
   * a CHECKLIST key; repeats are kept once, in CHECKLIST's order.
   */
  checklist: z
    .unknown()
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]))
    // Checked as one list, so a refusal names `checklist` itself (not `checklist.1`).
    .pipe(
      z
        .array(z.string(), { error: CHECKLIST_ERROR })
        .max(CHECKLIST.length * 2, CHECKLIST_ERROR)
        .refine((items) => items.every((item) => (CHECKLIST as readonly string[]).includes(item)), CHECKLIST_ERROR),
    )
    .transform((items) => CHECKLIST.filter((item) => items.includes(item))),
  /** A checkbox ("true" when ticked, absent otherwise), "true" or "false" in the API's multipart form. */
  ships: z
    .enum(["true", "false"], { error: "Ships is either true or false" })
    .optional()
    .transform((v) => v === "true"),
  shippingPrice: z.string().optional(),
};

/**
 * The resale price is at most the original. Compared only when both are prices: a wrong original price
 * ("abc") has its own message, and would make any resale price look too high.
 */
const resaleAtMostOriginal = (a: { originalPrice: unknown; resalePrice: unknown }) =>
  typeof a.originalPrice !== "number" || typeof a.resalePrice !== "number" || a.resalePrice <= a.originalPrice;
const resaleTooHigh = { path: ["resalePrice"], message: "Resale price cannot be more than the original price" };

/** Add Advertisement: the spec's fields and messages, specs optional, at least one photo. */
export const advertSchema = z.preprocess(
  pairPhotos,
  z
    .object({ ...advertFields, photos: photosWithStaged(true), ...photoChoiceFields })
    .refine(resaleAtMostOriginal, resaleTooHigh)
    .superRefine(checkShipping)
    .transform(withShippingCents),
);

/** Edit: the same rules; the advert's photos are kept unless removed, and new ones are added. */
export const advertUpdateSchema = z.preprocess(
  pairPhotos,
  z
    .object({ ...advertFields, photos: photosWithStaged(false), ...photoChoiceFields })
    .refine(resaleAtMostOriginal, resaleTooHigh)
    .superRefine(checkShipping)
    .transform(withShippingCents),
);

export type AdvertInput = z.infer<typeof advertSchema>;
export type AdvertUpdate = z.infer<typeof advertUpdateSchema>;

/* ── The API's multipart forms, as the OpenAPI document shows them ───────── */

/** A file field in the OpenAPI document (its bytes are checked by the media pipeline, not by JSON Schema). */
export const binaryField = (description: string) =>
  z.any().meta({ type: "string", format: "binary", description }) as z.ZodType<unknown>;

/** The advert form as multipart fields: documented here, validated by advertSchema in the handler. */
export const advertMultipartSchema = z.object({
  name: z.string(),
  brandId: z.uuid(),
  originalPrice: z.string().meta({ description: "Dollars, e.g. 1200 or 1199.99" }),
  resalePrice: z.string().meta({ description: "Dollars; not more than the original price" }),
  yearsOfUse: z.string().meta({ description: "Whole years, 0–30" }),
  location: z.string(),
  mobile: z.string(),
  description: z.string(),
  condition: z.enum(CONDITIONS),
  processor: z.string().optional(),
  ramGb: z.string().optional(),
  storageGb: z.string().optional(),
  storageType: z.enum(STORAGE_TYPES).optional(),
  screenInches: z.string().optional(),
  batteryHealth: z.string().optional(),
  batteryReport: binaryField(
    "The laptop's battery report, at most 2 MB: Windows `powercfg /batteryreport` HTML, macOS `system_profiler SPPowerDataType` or `ioreg -r -c AppleSmartBattery`, or Linux `upower -i` output. Only its figures are kept.",
  ).optional(),
  removeBatteryReport: z
    .enum(["true", "false"])
    .optional()
    .meta({ description: "Editing: `true` removes the advert's battery report figures" }),
  serialNumber: z.string().optional().meta({
    description:
      "The laptop's serial number, 4–40 letters and digits (spaces and dashes ignored). Private: only a keyed hash is kept, never shown nor returned; the same serial on another seller's advert, or reported stolen, holds the advert for review",
  }),
  removeSerialNumber: z
    .enum(["true", "false"])
    .optional()
    .meta({ description: "Editing: `true` forgets the advert's serial number" }),
  proofPhoto: binaryField(
    "In hand: a photo of the laptop, switched on, beside a paper with `proofCode` handwritten (an image, 8 MB at most); only admins see it",
  ).optional(),
  proofCode: z.string().optional().meta({
    description: "The seller's one-time code (GET /api/proof-code) that the proof photo shows; required with it",
  }),
  checklist: z.array(z.enum(CHECKLIST)).optional().meta({
    description:
      "What is true of the laptop, repeated once per item: `screen` (without marks), `keyboard` (and trackpad fully working), `ports` (all working), `hinges` (firm), `charger` (included), `box` (original); editing: the list replaces the advert's",
  }),
  ships: z.enum(["true", "false"]).optional().meta({ description: "Whether you post the laptop to buyers" }),
  shippingPrice: z.string().optional().meta({ description: "Dollars (0 ships free); required when `ships` is true" }),
  photos: binaryField("1–6 photos (JPEG, PNG or WebP, 8 MB each); repeat the field for several").optional(),
  photo: z.array(z.string()).optional().meta({
    description:
      "The advert's photos in order (the first is the cover): ids from POST /api/advert-photos, or keys of photos the advert has; with photoOrder=given",
  }),
  photoOrder: z
    .enum(["given"])
    .optional()
    .meta({ description: "`given`: `photo` lists every photo the advert keeps (editing: any other is removed)" }),
  removePhoto: z.array(z.string()).optional().meta({ description: "Editing: keys of photos to remove" }),
});

/** The brand form as multipart fields: documented here, validated by brandSchema / brandUpdateSchema. */
export const brandMultipartSchema = (imageRequired: boolean) =>
  z.object({
    name: z.string().meta({ description: "Unique brand name" }),
    image: binaryField(imageRequired ? "Logo (JPEG, PNG or WebP, up to 8 MB)" : "New logo (optional)"),
  });

export const advertisementSchema = z.object({ advertised: z.boolean() });

/* ── Replies: what the catalogue returns, to the API and the pages alike ─── */

export const brandViewSchema = z.object({ id: z.uuid(), name: z.string(), imageUrl: z.string() }).meta({ id: "Brand" });
export type BrandView = z.infer<typeof brandViewSchema>;
export const brandListSchema = z.object({ brands: z.array(brandViewSchema) });

/** How fast the laptop's processor is (PERFORMANCE_TIERS); null when the processor typed was not recognised. */
const performanceTierSchema = z
  .enum(PERFORMANCE_TIERS)
  .nullable()
  .meta({ description: "Processor performance tier; null when the processor was not recognised" });

/** What shipping the laptop costs its buyer; null when its seller only meets buyers. */
const shippingSchema = z
  .int()
  .nullable()
  .meta({ description: "Shipping price in cents (0 ships free); null: meet in person only" });

/** What a card and a laptop's page both show of the laptop. */
const laptopFields = {
  id: z.uuid(),
  name: z.string(),
  brandName: z.string(),
  originalPriceCents: z.int(),
  resalePriceCents: z.int(),
  yearsOfUse: z.int(),
  location: z.string(),
  condition: z.string(),
  sold: z.boolean(),
  performanceTier: performanceTierSchema,
  shippingCents: shippingSchema,
  priceBadge: priceBadgeSchema,
  processorName: z.string().nullable().meta({
    description:
      'The processor as a card names it: the recognised model without its maker ("Core i7-8650U"), else as typed',
  }),
  ramGb: z.int().nullable(),
  storageGb: z.int().nullable(),
  storageType: z.string().nullable(),
  screenInches: z.string().nullable(),
  batteryHealth: z
    .int()
    .nullable()
    .meta({ description: "Percent of the battery's design capacity, as its seller read it" }),
  batteryVerified: z.int().nullable().meta({
    description:
      "Percent of the battery's design capacity, read from the laptop's own battery report (shown instead of batteryHealth); null: no report",
  }),
  batteryCycles: z.int().nullable().meta({ description: "Charge cycles, from the battery report" }),
  inHand: z.boolean().meta({
    description: "In hand: an admin checked a photo of the laptop beside its seller's one-time code",
  }),
  valuePerDollar: z.int().meta({
    description:
      "Best value: the processor's benchmark score, adjusted for RAM and storage, per $100 of the price (0 without a recognised processor)",
  }),
};

/** What a list of adverts shows first of each (My Products, the admins' review queue): its link, name and photo. */
export const advertRowFields = { id: z.uuid(), name: z.string(), imageUrl: z.string() };

/** Who sells it, on a card and on a laptop's page. */
const sellerFields = {
  sellerName: z.string(),
  sellerVerified: z.boolean(),
  sellerEmailConfirmed: z.boolean().meta({ description: "The seller confirmed their email address" }),
  sellerRating: ratingSchema.nullable().meta({ description: "The seller's average rating and review count" }),
};

/** An advert as cards show it, everywhere: home, brand page, search. */
export const advertCardSchema = z
  .object({ ...laptopFields, imageUrl: z.string(), ...sellerFields, createdAt: z.string() })
  .meta({ id: "AdvertCard" });
export type AdvertCard = z.infer<typeof advertCardSchema>;
export const advertCardListSchema = z.object({ adverts: z.array(advertCardSchema) });

/** Everything a laptop's page shows. */
export const advertDetailSchema = z
  .object({
    ...laptopFields,
    brandId: z.uuid(),
    photoUrls: z.array(z.string()),
    description: z.string(),
    checklist: z.array(z.enum(CHECKLIST)).meta({ description: "What the seller says is true of the laptop" }),
    batteryReport: batteryReportSchema.nullable().meta({
      description: "The figures read from the seller's battery report (the report itself is never kept nor served)",
    }),
    review: z
      .object({ status: z.enum(["pending_review", "rejected"]), reason: z.string().nullable() })
      .nullable()
      .meta({
        description:
          "Held for an admin's review, or rejected with the reason: shown to its seller and admins only (null for public laptops)",
      }),
    processor: z.string().nullable().meta({ description: "As its seller typed it" }),
    ...sellerFields,
    postedAt: z.string(),
    priceBasis: z
      .object({ count: z.int(), source: z.enum(PRICE_SOURCES) })
      .nullable()
      .meta({ description: "The comparable laptops behind the badge (null without one)" }),
    worth: z
      .object({ guidance: comparablePricesSchema, sales: z.array(salePointSchema) })
      .nullable()
      .meta({
        description:
          "What similar laptops sold for in the last 12 months (or are listed for) and those sales, oldest first; null with too few",
      }),
  })
  .meta({ id: "AdvertDetail" });
export type AdvertDetail = z.infer<typeof advertDetailSchema>;

/** One of a seller's own adverts, as My Products lists them (sold and removed ones included). */
export const sellerAdvertSchema = z
  .object({
    ...advertRowFields,
    resalePriceCents: z.int(),
    advertised: z.boolean(),
    sold: z.boolean(),
    /** Set when an admin removed the advert: why. */
    removedBecause: z.string().nullable(),
    /** Held for review (not public until an admin approves it): what looked suspicious, in words for its seller. */
    pendingReview: z.array(z.string()).nullable(),
    /** Set when an admin rejected the advert after review: why. */
    rejectedBecause: z.string().nullable(),
    /** Who bought it, for a sold laptop. */
    sale: z.object({ buyerName: z.string(), priceCents: z.int() }).nullable(),
    /** How many people have it in their favourites. */
    savedBy: z.int().min(0),
  })
  .meta({ id: "SellerAdvert" });
export type SellerAdvert = z.infer<typeof sellerAdvertSchema>;
export const sellerAdvertListSchema = z.object({ adverts: z.array(sellerAdvertSchema) });
