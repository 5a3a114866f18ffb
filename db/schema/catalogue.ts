/** The catalogue: brands, adverts, their photos' hashes and status history, and the price guides (core/catalogue). */
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { BatteryReport } from "../../schemas/battery-report.ts";
import type { ReviewSignal } from "../../schemas/review-signals.ts";
import { ADVERT_STATUSES, CHECKLIST, type ChecklistItem, CONDITIONS, PRICE_SOURCES } from "../../schemas/values.ts";
import { userRef } from "./accounts.ts";
import { createdAt, oneOf, statusChange, timestamps, tsvector, uuidPrimaryKey, uuidRef } from "./columns.ts";

export const brands = pgTable(
  "brands",
  {
    id: uuidPrimaryKey(),
    name: text("name").notNull(),
    /** Object key of the logo in media storage. */
    imageKey: text("image_key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("brands_name_lower_idx").on(sql`lower(${t.name})`)],
);

/**
 * An advert's screen size as a number, for the screen size filter: the column keeps what the seller typed
 * (checked as "14" or "15.6" by the form), and anything else counts as no size rather than failing a search.
 * The search and its index use this same expression.
 */
/**
 * The battery's health as the battery filter tests it: the verified figure (a battery report's) when there is
 * one, else what the seller typed. Written as the index on it is (adverts_battery_idx).
 */
export const batteryShown = sql`coalesce(battery_verified, battery_health)`;
export const screenInches = sql`(case when screen_inches ~ '^[0-9]{1,2}([.][0-9])?$' then screen_inches::numeric end)`;

/**
 * "Best value" (the sort): the processor's score, adjusted for RAM and storage, per dollar of the price — as
 * points per $100 to keep it an integer (a keyset cursor must compare exactly). RAM counts +20 % per doubling
 * from 8 GB, storage +10 % per doubling from 256 GB, each at least ×0.5; RAM or storage not given counts as 4 GB
 * or 128 GB (leaving them out must not pay). No recognised processor: 0, listed last (never null, so that the
 * sort's keyset compares rows plainly along its index).
 */
const VALUE_PER_DOLLAR = sql`coalesce(round(processor_score
  * greatest(0.5, 1 + 0.2 * log(2.0, coalesce(ram_gb, 4) / 8.0))
  * greatest(0.5, 1 + 0.1 * log(2.0, coalesce(storage_gb, 128) / 256.0))
  * 10000.0 / resale_price_cents)::integer, 0)`;

export const adverts = pgTable(
  "adverts",
  {
    id: uuidPrimaryKey(),
    sellerId: userRef("seller_id", "restrict"),
    brandId: uuidRef("brand_id", () => brands.id, "restrict"),
    name: text("name").notNull(),
    /** The main photo (the first of photoKeys). */
    imageKey: text("image_key").notNull(),
    /** Up to 6 photos, in the seller's order. */
    photoKeys: text("photo_keys").array().notNull().default(sql`'{}'::text[]`),
    originalPriceCents: integer("original_price_cents").notNull(),
    resalePriceCents: integer("resale_price_cents").notNull(),
    yearsOfUse: smallint("years_of_use").notNull(),
    location: text("location").notNull(),
    mobile: text("mobile").notNull(),
    description: text("description").notNull(),
    condition: text("condition", { enum: CONDITIONS }).notNull(),
    /** Whether the seller posts the laptop (for shippingCents, added to the price); otherwise buyers meet them. */
    ships: boolean("ships").notNull().default(false),
    shippingCents: integer("shipping_cents").notNull().default(0),
    /** Shown in the home page's Latest laptops section. */
    advertised: boolean("advertised").notNull().default(false),
    /**
     * available → sold (paid) | withdrawn (deleted by its seller or an admin); pending_review (held: not
     * public) → available (approved) | rejected (see core/orders/advert-lifecycle.ts).
     */
    status: text("status", { enum: ADVERT_STATUSES }).notNull().default("available"),
    /** As the seller typed it; the three columns below are what the catalogue recognised in it (null if nothing). */
    processor: text("processor"),
    /** The recognised processor's key in the processor list (core/catalogue/processors). */
    processorKey: text("processor_key"),
    /** 1 Everyday … 4 Workstation (PERFORMANCE_TIERS), from the recognised processor's score. */
    performanceTier: smallint("performance_tier"),
    /** The year the recognised processor came out: comparables are matched by generation band. */
    processorYear: smallint("processor_year"),
    /** The recognised processor's benchmark score (processor-list.ts): what "Best value" weighs against the price. */
    processorScore: integer("processor_score"),
    ramGb: smallint("ram_gb"),
    storageGb: integer("storage_gb"),
    storageType: text("storage_type"),
    screenInches: text("screen_inches"),
    batteryHealth: smallint("battery_health"),
    /**
     * A battery report's figures (core/catalogue/battery-report.ts): the percent of design capacity and the cycle
     * count, as filters and cards read them, and the rest as the laptop's page shows it. The report itself is
     * never kept. Null: no report (the seller's typed figure, if any, is shown).
     */
    batteryVerified: smallint("battery_verified"),
    batteryCycles: integer("battery_cycles"),
    batteryReport: jsonb("battery_report").$type<BatteryReport>(),
    /** What the seller ticks as true of the laptop (CHECKLIST's keys, each once); "charger" is a search filter. */
    checklist: text("checklist").array().$type<ChecklistItem[]>().notNull().default(sql`'{}'::text[]`),
    /**
     * The laptop's serial number as a keyed hash (core/catalogue/serial-numbers.ts), never the number: the same
     * laptop on another seller's advert, or reported stolen, holds it for review. Never shown nor returned.
     */
    serialHash: text("serial_hash"),
    /**
     * "In hand": an admin approved a proof photo of the laptop beside its seller's one-time code
     * (core/catalogue/proof-photos.ts). A badge and a search filter.
     */
    inHand: boolean("in_hand").notNull().default(false),
    /** Why an admin removed or rejected this advert (shown to its seller). */
    removalReason: text("removal_reason"),
    /** What looked suspicious when it was last posted or edited (core/catalogue/review-signals.ts); null if nothing. */
    reviewSignals: jsonb("review_signals").$type<ReviewSignal[]>(),
    /** In the admins' review queue since then (held or flagged); cleared when an admin approves or rejects it. */
    flaggedAt: timestamp("flagged_at", { withTimezone: true, precision: 3 }),
    /**
     * The price it was for sale at when an edit held it for review (set then, cleared when an admin approves or
     * rejects it): approved at a lower one, its savers hear of the drop then (core/moderation/held-adverts.ts).
     */
    heldFromPriceCents: integer("held_from_price_cents"),
    /**
     * The mobile number's last ten digits: "+880 1712-345678" and "01712345678" are the same phone
     * (a number on several sellers' adverts is a review signal).
     */
    mobileDigits: text("mobile_digits").generatedAlwaysAs(sql`right(regexp_replace(mobile, '[^0-9]', '', 'g'), 10)`),
    /** A buyer is paying: nobody else can start paying until this passes (see core/orders/payment-steps.ts). */
    reservedByOrderId: uuid("reserved_by_order_id"),
    reservedUntil: timestamp("reserved_until", { withTimezone: true, precision: 3 }),
    /**
     * "Best value": performance per dollar, kept by PostgreSQL itself (a generated column, so every price change
     * moves it) — VALUE_PER_DOLLAR above says how, docs/features.md in words.
     */
    valuePerDollar: integer("value_per_dollar").notNull().generatedAlwaysAs(VALUE_PER_DOLLAR),
    /** Full-text search document, maintained by PostgreSQL itself (a generated column). */
    search: tsvector("search").generatedAlwaysAs(
      sql`setweight(to_tsvector('simple', name), 'A') || setweight(to_tsvector('simple', coalesce(processor, '')), 'B') || setweight(to_tsvector('simple', description), 'C')`,
    ),
    ...timestamps(),
  },
  (t) => [
    check("adverts_prices_check", sql`${t.originalPriceCents} > 0 and ${t.resalePriceCents} > 0`),
    check("adverts_condition_check", sql`${t.condition} in (${oneOf(CONDITIONS)})`),
    check("adverts_status_check", sql`${t.status} in (${oneOf(ADVERT_STATUSES)})`),
    check("adverts_checklist_check", sql`${t.checklist} <@ array[${oneOf(CHECKLIST)}]::text[]`),
    check("adverts_performance_tier_check", sql`${t.performanceTier} between 1 and 4`),
    // The adverts whose processor is not recognised (yet): matched again at each start (core/catalogue/processors).
    index("adverts_unmatched_processor_idx")
      .on(t.processor)
      .where(sql`${t.processorKey} is null and ${t.processor} is not null`),
    // Brand page and home page read available adverts newest first.
    index("adverts_brand_available_idx")
      .on(t.brandId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'available'`),
    index("adverts_advertised_idx")
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'available' and ${t.advertised}`),
    index("adverts_seller_idx").on(t.sellerId, t.createdAt.desc()),
    // Payment holds are found by their order (releasing one, a buyer's other holds).
    index("adverts_reserved_idx").on(t.reservedByOrderId).where(sql`${t.reservedByOrderId} is not null`),
    // /allAdd: every sort has an index over the available adverts, and one per brand.
    index("adverts_available_newest_idx").on(t.createdAt.desc(), t.id.desc()).where(sql`${t.status} = 'available'`),
    index("adverts_available_price_idx").on(t.resalePriceCents, t.id).where(sql`${t.status} = 'available'`),
    index("adverts_brand_price_idx").on(t.brandId, t.resalePriceCents, t.id).where(sql`${t.status} = 'available'`),
    index("adverts_available_value_idx").on(t.valuePerDollar.desc(), t.id.desc()).where(sql`${t.status} = 'available'`),
    // Adverts recognised before scores were kept: given theirs at the next start (core/catalogue/processors).
    index("adverts_unscored_processor_idx")
      .on(t.processorKey)
      .where(sql`${t.processorKey} is not null and ${t.processorScore} is null`),
    // Search: words (full text) and typo-tolerant name matching (trigrams).
    index("adverts_search_idx").using("gin", t.search),
    index("adverts_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
    // Spec search filters (core/catalogue/search.ts): each serves its filter when the value is a rare one
    // (Workstation, eMMC, a 17-inch screen, nearly new); common values are found along the sort's index.
    index("adverts_processor_trgm_idx").using("gin", sql`${t.processor} gin_trgm_ops`),
    index("adverts_tier_idx")
      .on(t.performanceTier, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'available'`),
    index("adverts_storage_type_idx")
      .on(t.storageType, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'available'`),
    index("adverts_battery_idx").on(batteryShown).where(sql`${t.status} = 'available'`),
    // "Battery verified": the adverts with a report's figures, newest first (as "Ships").
    index("adverts_battery_verified_idx")
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'available' and ${t.batteryVerified} is not null`),
    index("adverts_years_idx").on(t.yearsOfUse).where(sql`${t.status} = 'available'`),
    index("adverts_screen_idx").on(screenInches).where(sql`${t.status} = 'available'`),
    // "Ships": the adverts whose sellers post them, newest first (found along the sort's index while they are many).
    index("adverts_ships_idx").on(t.createdAt.desc(), t.id.desc()).where(sql`${t.status} = 'available' and ${t.ships}`),
    // "Charger included": the adverts whose sellers say so, newest first (as "Ships").
    index("adverts_charger_idx")
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'available' and 'charger' = any(${t.checklist})`),
    // "In hand": the adverts with an approved proof photo, newest first (as "Ships").
    index("adverts_in_hand_idx")
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'available' and ${t.inHand}`),
    // Price guidance: a configuration's sold and listed laptops (core/catalogue/price-guidance.ts), equality on
    // everything but the generation band and the age, which are ranges and come last.
    index("adverts_comparables_idx")
      .on(t.status, t.performanceTier, t.ramGb, t.storageGb, t.condition, t.processorYear, t.yearsOfUse)
      .where(sql`${t.performanceTier} is not null`),
    // Review signals: the admins' queue, oldest first; other sellers with the same phone.
    index("adverts_flagged_idx").on(t.flaggedAt, t.id).where(sql`${t.flaggedAt} is not null`),
    index("adverts_mobile_digits_idx").on(t.mobileDigits, t.sellerId),
    // The same serial on another seller's advert; every advert of a serial reported stolen.
    index("adverts_serial_hash_idx").on(t.serialHash).where(sql`${t.serialHash} is not null`),
  ],
);

/**
 * A perceptual hash (64-bit dHash, core/media/photo-hash.ts) of each advert photo, to find the same
 * picture on another seller's advert. Its four 16-bit bands are indexed: two hashes at most 3 bits apart
 * share at least one band exactly, so candidates come from the band indexes and only they are compared.
 */
export const advertPhotoHashes = pgTable(
  "advert_photo_hashes",
  {
    advertId: uuidRef("advert_id", () => adverts.id, "cascade"),
    photoKey: text("photo_key").notNull(),
    /** The advert's seller, kept here so finding other sellers' photos needs no join. */
    sellerId: text("seller_id").notNull(),
    hash: bigint("hash", { mode: "bigint" }).notNull(),
    band0: integer("band0").notNull(),
    band1: integer("band1").notNull(),
    band2: integer("band2").notNull(),
    band3: integer("band3").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.advertId, t.photoKey] }),
    index("advert_photo_hashes_band0_idx").on(t.band0),
    index("advert_photo_hashes_band1_idx").on(t.band1),
    index("advert_photo_hashes_band2_idx").on(t.band2),
    index("advert_photo_hashes_band3_idx").on(t.band3),
  ],
);

/**
 * A photo uploaded ahead of its advert form (the photo picker): already checked, re-encoded and stored where
 * every photo is, waiting for its uploader to post or save the form that names it. Using it deletes the row
 * in the advert's own transaction (core/catalogue/advert-photos.ts); unused ones are deleted by a scheduled
 * job after PHOTO_LIMITS.stagedHours (core/catalogue/staged-photos.ts). In the database, not in a process's
 * memory: the upload and the form may reach different app processes.
 */
export const stagedPhotos = pgTable(
  "staged_photos",
  {
    id: uuidPrimaryKey(),
    ownerId: userRef("owner_id", "cascade"),
    photoKey: text("photo_key").notNull(),
    /** Its perceptual hash, for the duplicate-photo signal once an advert uses it. */
    hash: bigint("hash", { mode: "bigint" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("staged_photos_owner_idx").on(t.ownerId, t.createdAt),
    index("staged_photos_created_idx").on(t.createdAt),
  ],
);

/** Every change of an advert's status: when, from what, to what, and who did it (core/orders/advert-lifecycle.ts). */
export const advertEvents = pgTable(
  "advert_events",
  {
    id: uuidPrimaryKey(),
    advertId: uuidRef("advert_id", () => adverts.id, "cascade"),
    fromStatus: text("from_status").notNull(),
    ...statusChange(),
  },
  (t) => [index("advert_events_advert_idx").on(t.advertId, t.at)],
);

/**
 * What comparable laptops sell (or are listed) for, per configuration: performance tier, generation band
 * (its first year), RAM, storage, condition and years of use (comparables are within a year of it). Rebuilt
 * by the job queue (core/catalogue/price-guides.ts) and joined by primary key by the card query, so a page of
 * cards gets its "Great price" / "Fair price" badges without a query per card. Only configurations with
 * enough comparables have a row.
 */
export const priceGuides = pgTable(
  "price_guides",
  {
    performanceTier: smallint("performance_tier").notNull(),
    generationBand: smallint("generation_band").notNull(),
    ramGb: smallint("ram_gb").notNull(),
    storageGb: integer("storage_gb").notNull(),
    condition: text("condition", { enum: CONDITIONS }).notNull(),
    yearsOfUse: smallint("years_of_use").notNull(),
    /** Sales in the last 12 months when there were enough, else the laptops listed for sale. */
    source: text("source", { enum: PRICE_SOURCES }).notNull(),
    comparables: integer("comparables").notNull(),
    /** 25th percentile, median, 75th percentile (percentile_cont), in cents. */
    lowCents: integer("low_cents").notNull(),
    medianCents: integer("median_cents").notNull(),
    highCents: integer("high_cents").notNull(),
    refreshedAt: timestamp("refreshed_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({
      name: "price_guides_pkey",
      columns: [t.performanceTier, t.generationBand, t.ramGb, t.storageGb, t.condition, t.yearsOfUse],
    }),
  ],
);
