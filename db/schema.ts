import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { ShippingAddress } from "../schemas/delivery.ts";
import type { ReviewSignal } from "../schemas/review-signals.ts";
import {
  ADVERT_STATUSES,
  CONDITIONS,
  DELIVERY_METHODS,
  DISPUTE_DECISIONS,
  DISPUTE_REASONS,
  DISPUTE_SIDES,
  EMAIL_STATUSES,
  LEDGER_ACCOUNTS,
  OPEN_ORDER_STATUSES,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  PAYOUT_ACCOUNT_STATUSES,
  PAYOUT_STATUSES,
  PRICE_SOURCES,
  REPORT_REASONS,
  REPORT_STATUSES,
  ROLES,
  SAVED_SEARCH_ALERTS,
  STORAGE_TYPES,
} from "../schemas/values.ts";

/** A full-text query, computed by PostgreSQL from a saved search's words (a generated column). */
const tsquery = customType<{ data: string }>({ dataType: () => "tsquery" });

/** A check constraint's list, from the one definition of the values. */
const oneOf = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

/** Full-text search document, maintained by PostgreSQL itself (a generated column). */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** Milliseconds: the precision JavaScript dates carry, so a pagination cursor names a row exactly. */
const createdAt = () => timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/* ── Accounts (the tables better-auth reads and writes) ─────────────────── */

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    /** user | seller | admin — see core/accounts/roles.ts */
    role: text("role").notNull().default("user"),
    /** Sellers only: an admin has checked this seller. Copied onto the adverts' verified mark. */
    verified: boolean("verified").notNull().default(false),
    /** Sellers only: acting as a seller (true) or as a plain buyer (false). Deleted accounts: deactivatedAt. */
    actingAsSeller: boolean("acting_as_seller").notNull().default(true),
    /** Set when an admin deletes the account: it can no longer sign in, its history stays. */
    deactivatedAt: timestamp("deactivated_at", { withTimezone: true, precision: 3 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("users_role_check", sql`${t.role} in (${oneOf(ROLES)})`),
    index("users_role_created_idx").on(t.role, t.createdAt),
    index("users_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
    index("users_email_trgm_idx").using("gin", sql`${t.email} gin_trgm_ops`),
    // "Verified sellers only": the few verified sellers, by id.
    index("users_verified_idx").on(t.id).where(sql`${t.verified}`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("accounts_user_idx").on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

/* ── Catalogue ──────────────────────────────────────────────────────────── */

export const brands = pgTable(
  "brands",
  {
    id: uuid("id").primaryKey().defaultRandom(),
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
export const screenInches = sql`(case when screen_inches ~ '^[0-9]{1,2}([.][0-9])?$' then screen_inches::numeric end)`;

export const adverts = pgTable(
  "adverts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    brandId: uuid("brand_id")
      .notNull()
      .references(() => brands.id, { onDelete: "restrict" }),
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
    ramGb: smallint("ram_gb"),
    storageGb: integer("storage_gb"),
    storageType: text("storage_type"),
    screenInches: text("screen_inches"),
    batteryHealth: smallint("battery_health"),
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
    /** A buyer is paying: nobody else can start paying until this passes (see core/orders/pay-order.ts). */
    reservedByOrderId: uuid("reserved_by_order_id"),
    reservedUntil: timestamp("reserved_until", { withTimezone: true, precision: 3 }),
    search: tsvector("search").generatedAlwaysAs(
      sql`setweight(to_tsvector('simple', name), 'A') || setweight(to_tsvector('simple', coalesce(processor, '')), 'B') || setweight(to_tsvector('simple', description), 'C')`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("adverts_prices_check", sql`${t.originalPriceCents} > 0 and ${t.resalePriceCents} > 0`),
    check("adverts_condition_check", sql`${t.condition} in (${oneOf(CONDITIONS)})`),
    check("adverts_status_check", sql`${t.status} in (${oneOf(ADVERT_STATUSES)})`),
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
    index("adverts_battery_idx").on(t.batteryHealth).where(sql`${t.status} = 'available'`),
    index("adverts_years_idx").on(t.yearsOfUse).where(sql`${t.status} = 'available'`),
    index("adverts_screen_idx").on(screenInches).where(sql`${t.status} = 'available'`),
    // "Ships": the adverts whose sellers post them, newest first (found along the sort's index while they are many).
    index("adverts_ships_idx").on(t.createdAt.desc(), t.id.desc()).where(sql`${t.status} = 'available' and ${t.ships}`),
    // Price guidance: a configuration's sold and listed laptops (core/catalogue/price-guidance.ts), equality on
    // everything but the generation band and the age, which are ranges and come last.
    index("adverts_comparables_idx")
      .on(t.status, t.performanceTier, t.ramGb, t.storageGb, t.condition, t.processorYear, t.yearsOfUse)
      .where(sql`${t.performanceTier} is not null`),
    // Review signals: the admins' queue, oldest first; other sellers with the same phone.
    index("adverts_flagged_idx").on(t.flaggedAt, t.id).where(sql`${t.flaggedAt} is not null`),
    index("adverts_mobile_digits_idx").on(t.mobileDigits, t.sellerId),
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
    advertId: uuid("advert_id")
      .notNull()
      .references(() => adverts.id, { onDelete: "cascade" }),
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

/** Every change of an advert's status: when, from what, to what, and who did it (core/orders/advert-lifecycle.ts). */
export const advertEvents = pgTable(
  "advert_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    advertId: uuid("advert_id")
      .notNull()
      .references(() => adverts.id, { onDelete: "cascade" }),
    fromStatus: text("from_status").notNull(),
    toStatus: text("to_status").notNull(),
    transition: text("transition").notNull(),
    actorId: text("actor_id"),
    note: text("note"),
    at: createdAt(),
  },
  (t) => [index("advert_events_advert_idx").on(t.advertId, t.at)],
);

/* ── Orders and payments ─────────────────────────────────────────────────── */

export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    advertId: uuid("advert_id")
      .notNull()
      .references(() => adverts.id, { onDelete: "restrict" }),
    buyerId: text("buyer_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    /** The laptop's seller, copied at booking: My Sales pages through a seller's orders on its own index. */
    sellerId: text("seller_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    /** The short number people quote ("RL-7F3K2Q"): core/orders/order-number.ts. */
    number: text("number").notNull(),
    /** Copied at booking: the order keeps what the buyer agreed to, whatever happens to the account or advert. */
    buyerName: text("buyer_name").notNull(),
    buyerEmail: text("buyer_email").notNull(),
    /** Meet in person (meetingLocation) or ship (shippingAddress, shown to the seller once paid). */
    delivery: text("delivery", { enum: DELIVERY_METHODS }).notNull().default("meet"),
    meetingLocation: text("meeting_location"),
    shippingAddress: jsonb("shipping_address").$type<ShippingAddress>(),
    buyerPhone: text("buyer_phone").notNull(),
    /** The laptop's price; shippingCents is added for a shipped order (the charge is their sum). */
    priceCents: integer("price_cents").notNull(),
    shippingCents: integer("shipping_cents").notNull().default(0),
    /**
     * ReLaptop's fee, fixed when the order is paid: the rule then in force (schemas/fees.ts) and what it came to
     * on the charge. A dispute's partial refund applies the same rule to what the sale keeps.
     */
    feeBasisPoints: integer("fee_basis_points"),
    feeFixedCents: integer("fee_fixed_cents"),
    feeCents: integer("fee_cents"),
    /** A shipped order's carrier and tracking number, as the seller typed them. */
    carrier: text("carrier"),
    trackingNumber: text("tracking_number"),
    /** When the laptop was handed over (met) or shipped, and when the buyer said they received it. */
    handedOverAt: timestamp("handed_over_at", { withTimezone: true, precision: 3 }),
    receivedAt: timestamp("received_at", { withTimezone: true, precision: 3 }),
    /**
     * When the order's timer runs out in its current status (core/orders/deadlines.ts): an unpaid booking
     * closes, a paid order never handed over is refunded, a protection window ends. Null: nothing is due.
     */
    deadlineAt: timestamp("deadline_at", { withTimezone: true, precision: 3 }),
    /** The deadline whose 24-hour reminder was sent (so each deadline reminds once). */
    remindedFor: timestamp("reminded_for", { withTimezone: true, precision: 3 }),
    productName: text("product_name").notNull(),
    productImageKey: text("product_image_key").notNull(),
    /** See core/orders/order-states.ts for who moves an order and when. */
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("booked"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("orders_status_check", sql`${t.status} in (${oneOf(ORDER_STATUSES)})`),
    check("orders_price_check", sql`${t.priceCents} > 0`),
    check("orders_shipping_check", sql`${t.shippingCents} >= 0`),
    check("orders_delivery_check", sql`${t.delivery} in (${oneOf(DELIVERY_METHODS)})`),
    // The deadlines job reads only what is due (core/orders/deadlines.ts).
    index("orders_deadline_idx").on(t.deadlineAt).where(sql`${t.deadlineAt} is not null`),
    // One open order per buyer and laptop: booking twice is refused by the database itself.
    uniqueIndex("orders_open_per_buyer_idx")
      .on(t.advertId, t.buyerId)
      .where(sql`${t.status} in (${oneOf(OPEN_ORDER_STATUSES)})`),
    // The sweep that finishes payments and refunds a crash interrupted reads these few orders.
    index("orders_in_flight_idx").on(t.updatedAt).where(sql`${t.status} in ('paying', 'refunding')`),
    index("orders_buyer_idx").on(t.buyerId, t.createdAt.desc()),
    uniqueIndex("orders_number_idx").on(t.number),
    // My Sales: a seller's orders newest first, keyset-paged (core/orders/list-sales.ts).
    index("orders_seller_newest_idx").on(t.sellerId, t.createdAt.desc(), t.id.desc()),
    index("orders_advert_idx").on(t.advertId),
  ],
);

/** Every state change of an order: when, from what, to what, and who did it. */
export const orderEvents = pgTable(
  "order_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    transition: text("transition").notNull(),
    actorId: text("actor_id"),
    note: text("note"),
    at: createdAt(),
  },
  (t) => [index("order_events_order_idx").on(t.orderId, t.at)],
);

export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    /** The advert paid for (the spec's productId). */
    advertId: uuid("advert_id").notNull(),
    email: text("email").notNull(),
    priceCents: integer("price_cents").notNull(),
    provider: text("provider").notNull(),
    /** The provider's charge or payment intent id (the spec's transactionId). */
    transactionId: text("transaction_id").notNull(),
    status: text("status", { enum: PAYMENT_STATUSES }).notNull(),
    refundId: text("refund_id"),
    /** What is being or was returned to the buyer: the whole charge, or a part an admin decided on a dispute. */
    refundCents: integer("refund_cents"),
    createdAt: createdAt(),
    refundedAt: timestamp("refunded_at", { withTimezone: true, precision: 3 }),
  },
  (t) => [
    uniqueIndex("payments_transaction_idx").on(t.provider, t.transactionId),
    // An order is paid once, however often a payment is retried or reported.
    uniqueIndex("payments_one_per_order_idx").on(t.orderId),
  ],
);

/* ── Disputes: a buyer's problem with a laptop received, and an admin's decision (core/disputes) ── */

export const disputes = pgTable(
  "disputes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** One dispute per order. */
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    reason: text("reason", { enum: DISPUTE_REASONS }).notNull(),
    /** Open until an admin decides; the decision, its amount (a partial refund) and why. */
    decision: text("decision", { enum: DISPUTE_DECISIONS }),
    refundCents: integer("refund_cents"),
    decisionReason: text("decision_reason"),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true, precision: 3 }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("disputes_order_idx").on(t.orderId),
    check("disputes_reason_check", sql`${t.reason} in (${oneOf(DISPUTE_REASONS)})`),
    check("disputes_decision_check", sql`${t.decision} in (${oneOf(DISPUTE_DECISIONS)})`),
    check("disputes_refund_check", sql`${t.refundCents} > 0`),
    // The admins' queue: open disputes, oldest first, keyset-paged.
    index("disputes_open_idx").on(t.createdAt, t.id).where(sql`${t.decidedAt} is null`),
  ],
);

/** The exchange on a dispute: the buyer's report first, then both sides' answers, each with up to 5 photos. */
export const disputeMessages = pgTable(
  "dispute_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    disputeId: uuid("dispute_id")
      .notNull()
      .references(() => disputes.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    side: text("side", { enum: DISPUTE_SIDES }).notNull(),
    body: text("body").notNull(),
    photoKeys: text("photo_keys").array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [
    index("dispute_messages_dispute_idx").on(t.disputeId, t.createdAt),
    check("dispute_messages_side_check", sql`${t.side} in (${oneOf(DISPUTE_SIDES)})`),
  ],
);

/* ── The simulated card provider's own ledger (the default provider, no keys needed) ── */

export const simIntents = pgTable("sim_payment_intents", {
  id: text("id").primaryKey(),
  idempotencyKey: text("idempotency_key").notNull().unique(),
  amountCents: integer("amount_cents").notNull(),
  currency: text("currency").notNull().default("usd"),
  status: text("status", { enum: ["requires_payment_method", "succeeded"] }).notNull(),
  orderId: uuid("order_id"),
  lastError: text("last_error"),
  createdAt: createdAt(),
});

/** One charge per intent, as Stripe has it: a second attempt on an intent finds the first one's charge. */
export const simCharges = pgTable("sim_charges", {
  id: text("id").primaryKey(),
  intentId: text("intent_id")
    .notNull()
    .unique()
    .references(() => simIntents.id),
  amountCents: integer("amount_cents").notNull(),
  cardLast4: text("card_last4").notNull(),
  amountRefundedCents: integer("amount_refunded_cents").notNull().default(0),
  createdAt: createdAt(),
});

export const simRefunds = pgTable("sim_refunds", {
  id: text("id").primaryKey(),
  chargeId: text("charge_id")
    .notNull()
    .references(() => simCharges.id),
  amountCents: integer("amount_cents").notNull(),
  createdAt: createdAt(),
});

/* ── Money: the ledger and payouts ──────────────────────────────────────── */

/**
 * The double-entry ledger (core/ledger): every movement of money is a group of entries that sums to zero,
 * written in the transaction of the transition that moves it, and never updated or deleted (a trigger refuses).
 * Debits are positive: see core/ledger/accounts.ts for what each account holds.
 */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    groupId: uuid("group_id").notNull(),
    account: text("account", { enum: LEDGER_ACCOUNTS }).notNull(),
    /** Whose payable (the seller accounts), and for which order; both kept on every entry that has them. */
    sellerId: text("seller_id").references(() => users.id, { onDelete: "restrict" }),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "restrict" }),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    /** What moved it: an order transition (pay, complete, refund…) or a payout step. */
    movement: text("movement").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("ledger_entries_account_check", sql`${t.account} in (${oneOf(LEDGER_ACCOUNTS)})`),
    check("ledger_entries_amount_check", sql`${t.amountCents} <> 0`),
    index("ledger_entries_order_idx").on(t.orderId),
    index("ledger_entries_group_idx").on(t.groupId),
    // A seller's balances: their entries by account (core/payouts/balances.ts).
    index("ledger_entries_seller_idx").on(t.sellerId, t.account, t.orderId).where(sql`${t.sellerId} is not null`),
    // Today's figures on Finance, and the day totals the rollup job keeps.
    index("ledger_entries_created_idx").on(t.createdAt),
  ],
);

/** Each finished UTC day's sums by account and movement: Finance reads these, not millions of entries. */
export const ledgerDayTotals = pgTable(
  "ledger_day_totals",
  {
    day: date("day", { mode: "string" }).notNull(),
    account: text("account", { enum: LEDGER_ACCOUNTS }).notNull(),
    movement: text("movement").notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    entries: integer("entries").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.account, t.movement] })],
);

/** The days whose totals are in ledger_day_totals (a day with no entries is rolled up too). */
export const ledgerRolledDays = pgTable("ledger_rolled_days", {
  day: date("day", { mode: "string" }).primaryKey(),
  rolledAt: timestamp("rolled_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});

/** A seller's payout account at the payout provider. Bank details are never kept: the last four digits only. */
export const payoutAccounts = pgTable(
  "payout_accounts",
  {
    sellerId: text("seller_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    externalId: text("external_id").notNull(),
    status: text("status", { enum: PAYOUT_ACCOUNT_STATUSES }).notNull(),
    holder: text("holder"),
    bankLast4: text("bank_last4"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("payout_accounts_status_check", sql`${t.status} in (${oneOf(PAYOUT_ACCOUNT_STATUSES)})`),
    uniqueIndex("payout_accounts_external_idx").on(t.provider, t.externalId),
  ],
);

/**
 * One transfer of one completed order's share to its seller (Stripe ties a transfer to its charge). The row's
 * id is the transfer's idempotency key, and an order has one: its money is never sent twice.
 */
export const payouts = pgTable(
  "payouts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    sellerId: text("seller_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    amountCents: integer("amount_cents").notNull(),
    /** See core/payouts/payout-states.ts. */
    status: text("status", { enum: PAYOUT_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    lastError: text("last_error"),
    provider: text("provider").notNull(),
    transferId: text("transfer_id"),
    /** Taken back after a refund at the card provider (a transfer reversal). */
    reversedCents: integer("reversed_cents").notNull().default(0),
    reversalId: text("reversal_id"),
    paidAt: timestamp("paid_at", { withTimezone: true, precision: 3 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("payouts_status_check", sql`${t.status} in (${oneOf(PAYOUT_STATUSES)})`),
    check("payouts_amount_check", sql`${t.amountCents} > 0`),
    uniqueIndex("payouts_order_idx").on(t.orderId),
    // The payout job reads only what is due.
    index("payouts_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('pending', 'sending', 'failed', 'reversing')`),
    index("payouts_seller_idx").on(t.sellerId, t.createdAt.desc(), t.id.desc()),
  ],
);

/** The simulated payout provider's own record, as a real provider keeps one: accounts, transfers, reversals. */
export const simPayoutAccounts = pgTable("sim_payout_accounts", {
  id: text("id").primaryKey(),
  sellerId: text("seller_id").notNull().unique(),
  holder: text("holder").notNull(),
  bankLast4: text("bank_last4").notNull(),
  createdAt: createdAt(),
});

export const simTransfers = pgTable("sim_transfers", {
  id: text("id").primaryKey(),
  idempotencyKey: text("idempotency_key").notNull().unique(),
  destination: text("destination").notNull(),
  orderId: text("order_id").notNull(),
  sourceTransaction: text("source_transaction").notNull(),
  amountCents: integer("amount_cents").notNull(),
  reversedCents: integer("reversed_cents").notNull().default(0),
  createdAt: createdAt(),
});

export const simTransferReversals = pgTable("sim_transfer_reversals", {
  id: text("id").primaryKey(),
  idempotencyKey: text("idempotency_key").notNull().unique(),
  transferId: text("transfer_id")
    .notNull()
    .references(() => simTransfers.id),
  amountCents: integer("amount_cents").notNull(),
  createdAt: createdAt(),
});

/* ── Moderation ──────────────────────────────────────────────────────────── */

/** Every admin action: who did what to whom, and when. */
export const adminActions = pgTable(
  "admin_actions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    adminId: text("admin_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    summary: text("summary").notNull(),
    at: createdAt(),
  },
  (t) => [index("admin_actions_at_idx").on(t.at.desc())],
);

/** A buyer's report of an advert; one per buyer and advert. */
export const reports = pgTable(
  "reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    advertId: uuid("advert_id")
      .notNull()
      .references(() => adverts.id, { onDelete: "cascade" }),
    reporterId: text("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    reason: text("reason", { enum: REPORT_REASONS }).notNull(),
    details: text("details"),
    /** open → dismissed (nothing wrong) | actioned (the advert was removed). */
    status: text("status", { enum: REPORT_STATUSES }).notNull().default("open"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("reports_once_per_buyer_idx").on(t.advertId, t.reporterId),
    index("reports_open_idx").on(t.createdAt).where(sql`${t.status} = 'open'`),
  ],
);

/* ── Notifications and email (core/notifications) ───────────────────────── */

/**
 * What a person is told in the app, written in the transaction of the change that caused it (the outbox).
 * Title, body and link are rendered when written: an entry says what was true then.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** A kind of core/notifications/kinds.ts. */
    kind: text("kind").notNull(),
    /** What it is about: an order, an advert, the account itself or a conversation. */
    subjectType: text("subject_type", { enum: ["order", "advert", "account", "conversation"] }).notNull(),
    subjectId: text("subject_id"),
    title: text("title").notNull(),
    body: text("body").notNull(),
    /** A path on this site (the page of its subject). */
    link: text("link").notNull(),
    readAt: timestamp("read_at", { withTimezone: true, precision: 3 }),
    createdAt: createdAt(),
  },
  (t) => [
    // A person's notifications, newest first, in keyset pages.
    index("notifications_user_created_idx").on(t.userId, t.createdAt.desc(), t.id.desc()),
    // The unread count on every signed-in page.
    index("notifications_unread_idx").on(t.userId).where(sql`${t.readAt} is null`),
  ],
);

/** A person's choice of email per kind; no row means the kind's default (on). */
export const emailPreferences = pgTable(
  "email_preferences",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    email: boolean("email").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * Every email, written in the transaction that caused it and delivered afterwards by the job queue:
 * pending → sending (claimed by one delivery) → sent | pending (to be retried) | failed (after the last
 * try, or refused for good); kept when there is no SMTP server (SMTP_URL unset). What it says is its kind
 * rendered from `payload` at delivery (with PUBLIC_URL's links); its Message-ID is fixed by the first
 * delivery, so a retry after an unknown outcome is recognisably the same message.
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** A kind of core/notifications/kinds.ts. */
    kind: text("kind").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    toAddress: text("to_address").notNull(),
    /** Rendered when written (no links in it): what Email delivery lists. */
    subject: text("subject").notNull(),
    /** The kind's parameters and the recipient as they were when it was written. */
    payload: jsonb("payload")
      .$type<{ params: Record<string, unknown>; to: { id: string; name: string; email: string } }>()
      .notNull(),
    status: text("status", { enum: EMAIL_STATUSES }).notNull().default("pending"),
    messageId: text("message_id").unique(),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    /** When a delivery job was queued for it (null: the relay queues one). */
    enqueuedAt: timestamp("enqueued_at", { withTimezone: true, precision: 3 }),
    claimedAt: timestamp("claimed_at", { withTimezone: true, precision: 3 }),
    sentAt: timestamp("sent_at", { withTimezone: true, precision: 3 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("email_outbox_status_check", sql`${t.status} in (${oneOf(EMAIL_STATUSES)})`),
    index("email_outbox_created_idx").on(t.createdAt.desc(), t.id.desc()),
    // The relay reads the few rows still waiting.
    index("email_outbox_waiting_idx").on(t.createdAt).where(sql`${t.status} in ('pending', 'sending')`),
  ],
);

/* ── Saved searches (core/saved-searches) ────────────────────────────────── */

/**
 * A person's saved search: the /allAdd parameters as typed columns (so matching a new advert against
 * every saved search is one indexed SQL statement), a name, and how they hear of new matches.
 * `brandId` and `sellerId` have no foreign key on purpose: a search whose brand was deleted still opens
 * (and finds nothing), rather than disappearing or silently widening to every brand.
 */
export const savedSearches = pgTable(
  "saved_searches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    q: text("q"),
    /** The words as the catalogue's search reads them (websearch_to_tsquery, 'simple'), computed once. */
    query: tsquery("query").generatedAlwaysAs(
      sql`case when q is null then null else websearch_to_tsquery('simple', q) end`,
    ),
    brandId: uuid("brand_id"),
    sellerId: text("seller_id"),
    minPriceCents: integer("min_price_cents"),
    maxPriceCents: integer("max_price_cents"),
    condition: text("condition", { enum: CONDITIONS }),
    location: text("location"),
    minRamGb: smallint("min_ram_gb"),
    minStorageGb: integer("min_storage_gb"),
    /** A processor family ("i7", "m2 pro") and the pattern the catalogue's search matches it with. */
    cpu: text("cpu"),
    cpuPattern: text("cpu_pattern"),
    tier: smallint("tier"),
    minBatteryHealth: smallint("min_battery_health"),
    minScreenInches: numeric("min_screen_inches", { precision: 3, scale: 1, mode: "number" }),
    maxScreenInches: numeric("max_screen_inches", { precision: 3, scale: 1, mode: "number" }),
    storageType: text("storage_type", { enum: STORAGE_TYPES }),
    maxYearsOfUse: smallint("max_years_of_use"),
    verifiedSellersOnly: boolean("verified_sellers_only").notNull().default(false),
    shipsOnly: boolean("ships_only").notNull().default(false),
    sort: text("sort").notNull().default("newest"),
    /** instant (a notification per match, an email at most hourly) | daily (one digest) | off. */
    alerts: text("alerts", { enum: SAVED_SEARCH_ALERTS }).notNull().default("instant"),
    /** The last "new matches" email (instant alerts): the next waits an hour from it. */
    lastEmailedAt: timestamp("last_emailed_at", { withTimezone: true, precision: 3 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("saved_searches_alerts_check", sql`${t.alerts} in (${oneOf(SAVED_SEARCH_ALERTS)})`),
    check("saved_searches_condition_check", sql`${t.condition} in (${oneOf(CONDITIONS)})`),
    check("saved_searches_storage_type_check", sql`${t.storageType} in (${oneOf(STORAGE_TYPES)})`),
    // A person's list, newest first.
    index("saved_searches_user_idx").on(t.userId, t.createdAt.desc(), t.id.desc()),
    // Matching one advert: the searches with alerts of its brand, and those of any brand (a BitmapOr of
    // the two); the other filters, words included, are checked on those rows only.
    index("saved_searches_match_brand_idx").on(t.brandId, t.maxPriceCents).where(sql`${t.alerts} <> 'off'`),
    index("saved_searches_match_price_idx")
      .on(t.maxPriceCents, t.minPriceCents)
      .where(sql`${t.alerts} <> 'off' and ${t.brandId} is null`),
  ],
);

/**
 * An advert that matched a saved search: once per (search, advert), whatever retries or republications
 * happen (the primary key). `emailedAt`: listed in an email (the hourly one, or the daily digest).
 */
export const savedSearchMatches = pgTable(
  "saved_search_matches",
  {
    savedSearchId: uuid("saved_search_id")
      .notNull()
      .references(() => savedSearches.id, { onDelete: "cascade" }),
    advertId: uuid("advert_id")
      .notNull()
      .references(() => adverts.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
    matchedAt: timestamp("matched_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    emailedAt: timestamp("emailed_at", { withTimezone: true, precision: 3 }),
  },
  (t) => [
    primaryKey({ columns: [t.savedSearchId, t.advertId] }),
    // The hourly emails and the daily digest read the few matches not yet emailed, by person and search.
    index("saved_search_matches_waiting_idx").on(t.userId, t.savedSearchId).where(sql`${t.emailedAt} is null`),
    // A person's matches, newest first, in keyset pages (the page the emails link to).
    index("saved_search_matches_newest_idx").on(
      t.userId,
      t.matchedAt.desc(),
      t.savedSearchId.desc(),
      t.advertId.desc(),
    ),
  ],
);

/**
 * The publication outbox: an advert entered the catalogue (posted; later, approved after being held),
 * written in the transaction that published it. The job queue matches it against saved searches after
 * the commit and stamps `matchedAt` (core/saved-searches/matching.ts).
 */
export const advertPublications = pgTable(
  "advert_publications",
  {
    advertId: uuid("advert_id")
      .primaryKey()
      .references(() => adverts.id, { onDelete: "cascade" }),
    publishedAt: timestamp("published_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    matchedAt: timestamp("matched_at", { withTimezone: true, precision: 3 }),
  },
  (t) => [index("advert_publications_waiting_idx").on(t.publishedAt).where(sql`${t.matchedAt} is null`)],
);

/* ── Reviews and seller reputation (core/reviews) ────────────────────────── */

/**
 * A buyer's review of a completed order's seller: one per order, editable by its author for 30 days,
 * answered once by the seller, removed (never deleted) by an admin with a reason its author sees.
 * published → removed; see core/reviews/review-rules.ts for who may do what.
 */
export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: "restrict" }),
    advertId: uuid("advert_id")
      .notNull()
      .references(() => adverts.id, { onDelete: "restrict" }),
    sellerId: text("seller_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    authorId: text("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    /** Copied from the order: the laptop it was for, as bought. */
    productName: text("product_name").notNull(),
    rating: smallint("rating").notNull(),
    body: text("body").notNull(),
    /** Set when its author last changed it (shown as "edited"). */
    editedAt: timestamp("edited_at", { withTimezone: true, precision: 3 }),
    /** The seller's one public answer. */
    reply: text("reply"),
    repliedAt: timestamp("replied_at", { withTimezone: true, precision: 3 }),
    /** Set when an admin removes the review: it leaves the seller's page and average. */
    removedAt: timestamp("removed_at", { withTimezone: true, precision: 3 }),
    removalReason: text("removal_reason"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("reviews_rating_check", sql`${t.rating} between 1 and 5`),
    // A seller's page: published reviews newest first, in keyset pages.
    index("reviews_seller_published_idx")
      .on(t.sellerId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.removedAt} is null`),
    index("reviews_author_idx").on(t.authorId),
  ],
);

/**
 * A seller's rating, kept in the transaction of every review write (create, edit, removal), so cards show
 * "★ 4.8 (23)" through one join instead of an aggregate per card. stars1..stars5 are the histogram.
 */
export const sellerRatings = pgTable(
  "seller_ratings",
  {
    sellerId: text("seller_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    reviewCount: integer("review_count").notNull().default(0),
    ratingSum: integer("rating_sum").notNull().default(0),
    stars1: integer("stars_1").notNull().default(0),
    stars2: integer("stars_2").notNull().default(0),
    stars3: integer("stars_3").notNull().default(0),
    stars4: integer("stars_4").notNull().default(0),
    stars5: integer("stars_5").notNull().default(0),
  },
  (t) => [check("seller_ratings_count_check", sql`${t.reviewCount} >= 0 and ${t.ratingSum} >= 0`)],
);

/** Anyone signed in may report a review once; admins dismiss the reports or remove the review. */
export const reviewReports = pgTable(
  "review_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reviewId: uuid("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    reporterId: text("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    details: text("details"),
    status: text("status", { enum: REPORT_STATUSES }).notNull().default("open"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("review_reports_once_idx").on(t.reviewId, t.reporterId),
    index("review_reports_open_idx").on(t.createdAt).where(sql`${t.status} = 'open'`),
  ],
);

/* ── Conversations between a buyer and a seller (core/conversations) ──────── */

/**
 * One conversation per laptop and buyer, with its seller. What the inbox shows is kept on the row, written
 * with each message in its transaction: the last message's time, words and writer, and each side's unread
 * count and last reading (read receipts), so the inbox is one indexed read with no per-row query.
 */
export const conversations = pgTable(
  "conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    advertId: uuid("advert_id")
      .notNull()
      .references(() => adverts.id, { onDelete: "restrict" }),
    buyerId: text("buyer_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    sellerId: text("seller_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    lastSenderId: text("last_sender_id"),
    /** The last message's first words, for the inbox. */
    lastPreview: text("last_preview").notNull().default(""),
    buyerUnread: integer("buyer_unread").notNull().default(0),
    sellerUnread: integer("seller_unread").notNull().default(0),
    /** When each side last opened the conversation: the other side's messages up to then are "Seen". */
    buyerReadAt: timestamp("buyer_read_at", { withTimezone: true, precision: 3 }),
    sellerReadAt: timestamp("seller_read_at", { withTimezone: true, precision: 3 }),
    /** The last email about a new message to each side: at most one per 15 minutes. */
    buyerEmailedAt: timestamp("buyer_emailed_at", { withTimezone: true, precision: 3 }),
    sellerEmailedAt: timestamp("seller_emailed_at", { withTimezone: true, precision: 3 }),
    /** First reported: from then on admins may read the thread (never before). */
    reportedAt: timestamp("reported_at", { withTimezone: true, precision: 3 }),
    createdAt: createdAt(),
  },
  (t) => [
    check("conversations_not_with_self_check", sql`${t.buyerId} <> ${t.sellerId}`),
    uniqueIndex("conversations_advert_buyer_idx").on(t.advertId, t.buyerId),
    // The inbox, newest activity first, in keyset pages: one index per side of the conversation.
    index("conversations_buyer_inbox_idx").on(t.buyerId, t.lastMessageAt.desc(), t.id.desc()),
    index("conversations_seller_inbox_idx").on(t.sellerId, t.lastMessageAt.desc(), t.id.desc()),
    // The top bar's unread count reads only the conversations with something unread.
    index("conversations_buyer_unread_idx").on(t.buyerId).where(sql`${t.buyerUnread} > 0`),
    index("conversations_seller_unread_idx").on(t.sellerId).where(sql`${t.sellerUnread} > 0`),
    index("conversations_reported_idx").on(t.reportedAt).where(sql`${t.reportedAt} is not null`),
  ],
);

export const messages = pgTable(
  "messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    senderId: text("sender_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    /** Plain text, shown as text (never as HTML). */
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("messages_body_length_check", sql`char_length(${t.body}) between 1 and 2000`),
    index("messages_conversation_idx").on(t.conversationId, t.createdAt.desc(), t.id.desc()),
  ],
);

/** A person who no longer wants messages from another: none either way, in any conversation. */
export const conversationBlocks = pgTable(
  "conversation_blocks",
  {
    blockerId: text("blocker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: text("blocked_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index("conversation_blocks_blocked_idx").on(t.blockedId),
  ],
);

/** A party's report of a conversation, for admins' Reported Items; once per reporter and conversation. */
export const conversationReports = pgTable(
  "conversation_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    reporterId: text("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    reason: text("reason", { enum: REPORT_REASONS }).notNull(),
    /** open → dismissed (an admin read it). The thread stays readable to admins either way. */
    status: text("status", { enum: ["open", "dismissed"] })
      .notNull()
      .default("open"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("conversation_reports_once_idx").on(t.conversationId, t.reporterId),
    index("conversation_reports_open_idx").on(t.createdAt).where(sql`${t.status} = 'open'`),
  ],
);

/* ── Favourites ─────────────────────────────────────────────────────────── */

export const favourites = pgTable(
  "favourites",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /**
     * No foreign key: a favourite outlives its advert, so the person sees "no longer for sale" where the
     * laptop was instead of it vanishing from their list.
     */
    advertId: uuid("advert_id").notNull(),
    /** The price when it was saved: "↓ $40 since you saved it". */
    savedPriceCents: integer("saved_price_cents").notNull(),
    /** The name when it was saved, shown if the advert is gone. */
    advertName: text("advert_name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.advertId] }),
    // A person's favourites, newest saved first, in keyset pages.
    index("favourites_user_created_idx").on(t.userId, t.createdAt.desc(), t.advertId.desc()),
    // Who saved an advert: the price-drop fan-out (keyset by user) and the seller's counts.
    index("favourites_advert_idx").on(t.advertId, t.userId),
  ],
);

/**
 * Something the savers of a laptop are told (core/favourites/saver-alerts.ts): its seller lowered its price
 * (`price_drop`, from `fromCents` to `toCents`), it was sold to someone else (`sold`, for `toCents`), or its
 * sale was refunded and it is for sale again (`back_on_sale`, at `toCents`). The outbox of their notices,
 * written in the transaction of the change; everyone who had saved the laptop by then is told once, in
 * batches that each move `notifiedThrough` (the last person told, by id) in the transaction that writes
 * their notices.
 */
export const favouriteAlerts = pgTable(
  "favourite_alerts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: ["price_drop", "sold", "back_on_sale"] }).notNull(),
    advertId: uuid("advert_id")
      .notNull()
      .references(() => adverts.id, { onDelete: "cascade" }),
    fromCents: integer("from_cents"),
    toCents: integer("to_cents").notNull(),
    /** The buyer whose order made the change (bought it; was refunded): told by their order, not here. */
    buyerId: text("buyer_id"),
    notifiedThrough: text("notified_through"),
    doneAt: timestamp("done_at", { withTimezone: true, precision: 3 }),
    createdAt: createdAt(),
  },
  (t) => [
    check("favourite_alerts_kind_check", sql`${t.kind} in ('price_drop', 'sold', 'back_on_sale')`),
    check(
      "favourite_alerts_price_check",
      sql`(${t.kind} = 'price_drop') = (${t.fromCents} is not null) and (${t.fromCents} is null or ${t.toCents} < ${t.fromCents})`,
    ),
    index("favourite_alerts_pending_idx").on(t.createdAt).where(sql`${t.doneAt} is null`),
    // The newest sale or relisting of a laptop: an older one still being told is stale news.
    index("favourite_alerts_advert_idx").on(t.advertId, t.createdAt),
  ],
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
