import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

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
    /** Sellers only: acting as a seller (true) or as a plain buyer (false). */
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("users_role_check", sql`${t.role} in ('user', 'seller', 'admin')`),
    index("users_role_created_idx").on(t.role, t.createdAt),
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

export const ADVERT_CONDITIONS = ["excellent", "good", "Fair"] as const;
export const ADVERT_STATUSES = ["available", "sold", "withdrawn"] as const;

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
    condition: text("condition", { enum: ADVERT_CONDITIONS }).notNull(),
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
    search: tsvector("search").generatedAlwaysAs(
      sql`setweight(to_tsvector('simple', name), 'A') || setweight(to_tsvector('simple', coalesce(processor, '')), 'B') || setweight(to_tsvector('simple', description), 'C')`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("adverts_prices_check", sql`${t.originalPriceCents} > 0 and ${t.resalePriceCents} > 0`),
    check("adverts_condition_check", sql`${t.condition} in ('excellent', 'good', 'Fair')`),
    check("adverts_status_check", sql`${t.status} in ('available', 'sold', 'withdrawn')`),
    // Brand page and home page read available adverts newest first.
    index("adverts_brand_available_idx")
      .on(t.brandId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'available'`),
    index("adverts_advertised_idx")
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'available' and ${t.advertised}`),
    index("adverts_seller_idx").on(t.sellerId, t.createdAt.desc()),
    // /allAdd: every sort has an index over the available adverts, and one per brand.
    index("adverts_available_newest_idx").on(t.createdAt.desc(), t.id.desc()).where(sql`${t.status} = 'available'`),
    index("adverts_available_price_idx").on(t.resalePriceCents, t.id).where(sql`${t.status} = 'available'`),
    index("adverts_brand_price_idx").on(t.brandId, t.resalePriceCents, t.id).where(sql`${t.status} = 'available'`),
    // Search: words (full text) and typo-tolerant name matching (trigrams).
    index("adverts_search_idx").using("gin", t.search),
    index("adverts_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
  ],
);
