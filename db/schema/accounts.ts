/** Accounts: the tables better-auth reads and writes (core/accounts). */
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { ROLES } from "../../schemas/values.ts";
import { createdAt, type OnDelete, oneOf, timestamps, uuidPrimaryKey } from "./columns.ts";

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
    /** Signing in asks for an authenticator code too (better-auth's two-factor plugin: the secret is in two_factors). */
    twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
    ...timestamps(),
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

/** A required link to a person (users' ids are better-auth's text, not UUIDs). */
export const userRef = (name: string, onDelete: OnDelete) =>
  text(name)
    .notNull()
    .references(() => users.id, { onDelete });

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: userRef("user_id", "cascade"),
    ...timestamps(),
  },
  // Expired sessions are swept daily (core/privacy).
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: userRef("user_id", "cascade"),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    ...timestamps(),
  },
  (t) => [
    index("accounts_user_idx").on(t.userId),
    // One way in is one account's: a Google account (its `sub`) joins one ReLaptop account, and an account has one
    // password. better-auth looks before it writes; two sign-ins or "Set password" at once would both write.
    uniqueIndex("accounts_provider_account_idx").on(t.providerId, t.accountId),
  ],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ...timestamps(),
  },
  // Expired links are swept daily (core/privacy).
  (t) => [index("verifications_identifier_idx").on(t.identifier), index("verifications_expires_idx").on(t.expiresAt)],
);

/**
 * A person's authenticator secret and backup codes, both encrypted with the auth secret (better-auth's
 * two-factor plugin reads and writes it). `verified` is false between "Turn on" and the first code.
 */
export const twoFactors = pgTable(
  "two_factors",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: userRef("user_id", "cascade"),
    verified: boolean("verified").notNull().default(true),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  // One per person: two "Turn on"s at once cannot leave two secrets.
  (t) => [uniqueIndex("two_factors_user_idx").on(t.userId)],
);

/**
 * What people change about their own account that an admin may later ask about — a buyer who started
 * selling (core/accounts/start-selling.ts) — written in the transaction of the change. Admins' own
 * actions are in admin_actions (core/audit).
 */
export const accountEvents = pgTable(
  "account_events",
  {
    id: uuidPrimaryKey(),
    userId: userRef("user_id", "restrict"),
    action: text("action").notNull(),
    summary: text("summary").notNull(),
    at: createdAt(),
  },
  (t) => [index("account_events_user_at_idx").on(t.userId, t.at.desc())],
);

/**
 * Passkeys (WebAuthn credentials) an account signs in with: better-auth's passkey plugin reads and writes them
 * (core/accounts/auth.ts), under the field names it expects. `name` is the owner's label for it; `counter`
 * is the authenticator's signature count, checked at each sign-in against a cloned credential.
 */
export const passkeys = pgTable(
  "passkeys",
  {
    id: text("id").primaryKey(),
    name: text("name"),
    publicKey: text("public_key").notNull(),
    userId: userRef("user_id", "cascade"),
    credentialID: text("credential_id").notNull().unique(),
    counter: integer("counter").notNull(),
    deviceType: text("device_type").notNull(),
    backedUp: boolean("backed_up").notNull(),
    transports: text("transports"),
    aaguid: text("aaguid"),
    createdAt: createdAt(),
  },
  (t) => [index("passkeys_user_idx").on(t.userId)],
);
