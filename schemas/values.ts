/**
 * The fixed values of the marketplace, defined once: the database's checks (db/schema/index.ts), the
 * validation schemas, the core and the pages all import them from here. No zod here: pages that
 * only list them (the /allAdd filters) must not pull the validation library into their JavaScript.
 */

/* Accounts */
/** user | seller | admin — what each may do is in core/accounts/roles.ts. */
export const ROLES = ["user", "seller", "admin"] as const;
export type Role = (typeof ROLES)[number];

/* Catalogue */
export const CONDITIONS = ["excellent", "good", "Fair"] as const;
export type Condition = (typeof CONDITIONS)[number];
/**
 * What a seller may say is true of the laptop (the form's checklist), stored on the advert as these keys;
 * their words are in schemas/condition-labels.ts. "charger" is also a search filter ("Charger included").
 */
export const CHECKLIST = ["screen", "keyboard", "ports", "hinges", "charger", "box"] as const;
export type ChecklistItem = (typeof CHECKLIST)[number];
export const STORAGE_TYPES = ["SSD", "HDD", "eMMC", "Hybrid"] as const;
export type StorageType = (typeof STORAGE_TYPES)[number];

/** A storage size as a shop names it: "512 GB", and whole terabytes (1000 or 1024 GB) as "1 TB", "2 TB". */
export const storageSize = (gb: number) =>
  gb >= 1000 && (gb % 1000 === 0 || gb % 1024 === 0) ? `${Math.round(gb / 1000)} TB` : `${gb} GB`;
export const MAX_PHOTOS = 6;
/**
 * How fast a laptop's processor is, from its benchmark score (core/catalogue/processors): stored on the
 * advert as 1–4 (its index here plus one), null when the processor typed was not recognised.
 */
export const PERFORMANCE_TIERS = ["Everyday", "Mainstream", "Performance", "Workstation"] as const;
export type PerformanceTier = (typeof PERFORMANCE_TIERS)[number];
/** Where a price guide comes from: recent sales, or (too few of those) laptops listed now. */
export const PRICE_SOURCES = ["sales", "listings"] as const;
export type PriceSource = (typeof PRICE_SOURCES)[number];
/** Stored advert statuses; see core/orders/advert-lifecycle.ts for how an advert moves between them. */
export const ADVERT_STATUSES = ["available", "pending_review", "rejected", "sold", "withdrawn"] as const;
export type AdvertStatus = (typeof ADVERT_STATUSES)[number];

/* Search */
/**
 * Counts beside the filter values, and how many laptops match, are counted over at most this many matching
 * laptops, so a broad search costs what a narrow one does; beyond it they are lower bounds, shown as
 * "1,000+ laptops" / "234+".
 */
// Measured at 1 M adverts on a loaded 2-core machine: 10,000 rows took 130–450 ms, 1,000 took 6–17 ms.
export const FACET_CAP = 1_000;
/** The price ranges counted beside the price filter, in dollars (the last has no top). */
export const PRICE_BANDS = [
  [0, 300],
  [300, 600],
  [600, 1000],
  [1000, 1500],
  [1500, null],
] as const;

/* Orders and payments — see core/orders/order-states.ts for who moves an order and when. */
/** Orders that still hold a claim on their laptop: one per buyer and laptop. */
export const OPEN_ORDER_STATUSES = ["booked", "paying", "paid", "handed_over", "disputed", "refunding"] as const;
/** Every status: the open ones, then those of orders that no longer hold their laptop. */
export const ORDER_STATUSES = [
  ...OPEN_ORDER_STATUSES,
  "completed",
  "cancelled",
  "refunded",
  "closed",
  "withdrawn",
  "declined",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** How a laptop reaches its buyer: they meet, or the seller posts it (core/orders: delivery). */
export const DELIVERY_METHODS = ["meet", "ship"] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];
/** Why a buyer reports a problem with a laptop they received (core/disputes). */
export const DISPUTE_REASONS = ["not_as_described", "does_not_work", "not_received", "other"] as const;
export type DisputeReason = (typeof DISPUTE_REASONS)[number];
/** An admin's decision on a dispute: the buyer's money back in full or in part, or the sale stands. */
export const DISPUTE_DECISIONS = ["refund", "partial_refund", "release"] as const;
export type DisputeDecision = (typeof DISPUTE_DECISIONS)[number];
/** Who wrote in a dispute's exchange. */
export const DISPUTE_SIDES = ["buyer", "seller", "admin"] as const;
export const PAYMENT_STATUSES = ["succeeded", "refunded"] as const;

/** The ledger's accounts (core/ledger/accounts.ts says what each holds). */
export const LEDGER_ACCOUNTS = [
  "clearing",
  "seller_pending",
  "seller_available",
  "platform_fees",
  "refunds",
  "payouts",
  "reversals",
] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

/** A seller's payout account: "Not set up" is having none. */
export const PAYOUT_ACCOUNT_STATUSES = ["details_needed", "active"] as const;

/** A payout's transfer (core/payouts/payout-states.ts). */
export const PAYOUT_STATUSES = ["pending", "sending", "paid", "failed", "reversing", "reversed"] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/* Notifications — email_outbox's statuses; core/notifications/delivery.ts moves an email between them. */
export const EMAIL_STATUSES = ["pending", "sending", "sent", "failed", "kept"] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/* Saved searches — how a person hears of new laptops matching one (core/saved-searches). */
export const SAVED_SEARCH_ALERTS = ["instant", "daily", "off"] as const;
export type SavedSearchAlerts = (typeof SAVED_SEARCH_ALERTS)[number];

/* Moderation */
export const REPORT_REASONS = [
  "Scam or fraud",
  "Wrong or misleading details",
  "Prohibited item",
  "Offensive content",
  "Other",
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
/** open → dismissed (nothing wrong) | actioned (the advert was removed). */
export const REPORT_STATUSES = ["open", "dismissed", "actioned"] as const;

/* Privacy — a person's data export (core/privacy/data-export.ts): preparing on the job queue, then ready or failed. */
export const DATA_EXPORT_STATUSES = ["preparing", "ready", "failed"] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];
