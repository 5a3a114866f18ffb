import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
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
import {
  ADVERT_STATUSES,
  CONDITIONS,
  EMAIL_STATUSES,
  OPEN_ORDER_STATUSES,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  REPORT_REASONS,
  REPORT_STATUSES,
  ROLES,
} from "../schemas/values.ts";

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
    /** Shown in the home page's Latest laptops section. */
    advertised: boolean("advertised").notNull().default(false),
    /** available → sold (paid) | withdrawn (deleted by its seller or an admin). */
    status: text("status", { enum: ADVERT_STATUSES }).notNull().default("available"),
    processor: text("processor"),
    ramGb: smallint("ram_gb"),
    storageGb: integer("storage_gb"),
    storageType: text("storage_type"),
    screenInches: text("screen_inches"),
    batteryHealth: smallint("battery_health"),
    /** Why an admin removed this advert (shown to its seller). */
    removalReason: text("removal_reason"),
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
    /** Copied at booking: the order keeps what the buyer agreed to, whatever happens to the account or advert. */
    buyerName: text("buyer_name").notNull(),
    buyerEmail: text("buyer_email").notNull(),
    meetingLocation: text("meeting_location").notNull(),
    buyerPhone: text("buyer_phone").notNull(),
    priceCents: integer("price_cents").notNull(),
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
    // One open order per buyer and laptop: booking twice is refused by the database itself.
    uniqueIndex("orders_open_per_buyer_idx")
      .on(t.advertId, t.buyerId)
      .where(sql`${t.status} in (${oneOf(OPEN_ORDER_STATUSES)})`),
    // The sweep that finishes payments and refunds a crash interrupted reads these few orders.
    index("orders_in_flight_idx").on(t.updatedAt).where(sql`${t.status} in ('paying', 'refunding')`),
    index("orders_buyer_idx").on(t.buyerId, t.createdAt.desc()),
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
    createdAt: createdAt(),
    refundedAt: timestamp("refunded_at", { withTimezone: true, precision: 3 }),
  },
  (t) => [
    uniqueIndex("payments_transaction_idx").on(t.provider, t.transactionId),
    // An order is paid once, however often a payment is retried or reported.
    uniqueIndex("payments_one_per_order_idx").on(t.orderId),
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

export const simCharges = pgTable("sim_charges", {
  id: text("id").primaryKey(),
  intentId: text("intent_id")
    .notNull()
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
    /** What it is about: an order, an advert or the account itself. */
    subjectType: text("subject_type", { enum: ["order", "advert", "account"] }).notNull(),
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
 * A seller lowered an available laptop's price: the outbox of its notices. Written in the transaction of
 * the price change; everyone who had saved it by then is told once, in batches that each move
 * `notifiedThrough` (the last person told, by id) in the transaction that writes their notices.
 */
export const priceDrops = pgTable(
  "price_drops",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    advertId: uuid("advert_id")
      .notNull()
      .references(() => adverts.id, { onDelete: "cascade" }),
    fromCents: integer("from_cents").notNull(),
    toCents: integer("to_cents").notNull(),
    notifiedThrough: text("notified_through"),
    doneAt: timestamp("done_at", { withTimezone: true, precision: 3 }),
    createdAt: createdAt(),
  },
  (t) => [
    check("price_drops_lower_check", sql`${t.toCents} < ${t.fromCents}`),
    index("price_drops_pending_idx").on(t.createdAt).where(sql`${t.doneAt} is null`),
  ],
);
