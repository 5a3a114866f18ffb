/** Reports of adverts, for the admins' Reported Items (core/moderation). */
import { sql } from "drizzle-orm";
import { index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { REPORT_REASONS, REPORT_STATUSES } from "../../schemas/values.ts";
import { userRef } from "./accounts.ts";
import { adverts } from "./catalogue.ts";
import { createdAt, uuidPrimaryKey, uuidRef } from "./columns.ts";

/** A buyer's report of an advert; one per buyer and advert. */
export const reports = pgTable(
  "reports",
  {
    id: uuidPrimaryKey(),
    advertId: uuidRef("advert_id", () => adverts.id, "cascade"),
    reporterId: userRef("reporter_id", "restrict"),
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

/**
 * Serial numbers reported stolen (from a buyer's report or a police notice), as the same keyed hash adverts keep
 * (core/catalogue/serial-numbers.ts): any advert with one is held for review, now and when posted later.
 */
export const stolenSerials = pgTable(
  "stolen_serials",
  {
    id: uuidPrimaryKey(),
    serialHash: text("serial_hash").notNull(),
    /** Where the report came from, as the admin wrote it (a police reference, a buyer's report). */
    reason: text("reason").notNull(),
    reportedBy: userRef("reported_by", "restrict"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("stolen_serials_hash_idx").on(t.serialHash),
    index("stolen_serials_newest_idx").on(t.createdAt.desc(), t.id.desc()),
  ],
);
