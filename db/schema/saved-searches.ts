/** Saved searches, their matches, and the publication outbox they are matched from (core/saved-searches). */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { CONDITIONS, SAVED_SEARCH_ALERTS, STORAGE_TYPES } from "../../schemas/values.ts";
import { userRef } from "./accounts.ts";
import { adverts } from "./catalogue.ts";
import { oneOf, timestamps, tsquery, uuidPrimaryKey, uuidRef } from "./columns.ts";

/**
 * A person's saved search: the /allAdd parameters as typed columns (so matching a new advert against
 * every saved search is one indexed SQL statement), a name, and how they hear of new matches.
 * `brandId` and `sellerId` have no foreign key on purpose: a search whose brand was deleted still opens
 * (and finds nothing), rather than disappearing or silently widening to every brand.
 */
export const savedSearches = pgTable(
  "saved_searches",
  {
    id: uuidPrimaryKey(),
    userId: userRef("user_id", "cascade"),
    name: text("name").notNull(),
    q: text("q"),
    /** The words as the catalogue's search reads them (websearch_to_tsquery, 'simple'), computed once (a generated column). */
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
    batteryVerifiedOnly: boolean("battery_verified_only").notNull().default(false),
    chargerOnly: boolean("charger_only").notNull().default(false),
    inHandOnly: boolean("in_hand_only").notNull().default(false),
    sort: text("sort").notNull().default("newest"),
    /** instant (a notification per match, an email at most hourly) | daily (one digest) | off. */
    alerts: text("alerts", { enum: SAVED_SEARCH_ALERTS }).notNull().default("instant"),
    /** The last "new matches" email (instant alerts): the next waits an hour from it. */
    lastEmailedAt: timestamp("last_emailed_at", { withTimezone: true, precision: 3 }),
    ...timestamps(),
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
    savedSearchId: uuidRef("saved_search_id", () => savedSearches.id, "cascade"),
    advertId: uuidRef("advert_id", () => adverts.id, "cascade"),
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
 * written in the transaction that published it — or, matched before, it became In hand (`inHandOnly`: matched
 * again against the searches for laptops In hand only). The job queue matches it against saved searches after
 * the commit and stamps `matchedAt` (core/saved-searches/matching.ts).
 */
export const advertPublications = pgTable(
  "advert_publications",
  {
    advertId: uuidRef("advert_id", () => adverts.id, "cascade").primaryKey(),
    publishedAt: timestamp("published_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    matchedAt: timestamp("matched_at", { withTimezone: true, precision: 3 }),
    inHandOnly: boolean("in_hand_only").notNull().default(false),
  },
  (t) => [index("advert_publications_waiting_idx").on(t.publishedAt).where(sql`${t.matchedAt} is null`)],
);
