/** Privacy: a person's data exports (core/privacy). */
import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { DATA_EXPORT_STATUSES } from "../../schemas/values.ts";
import { userRef } from "./accounts.ts";
import { createdAt, oneOf, uuidPrimaryKey } from "./columns.ts";

/**
 * "Download my data": one row per request. preparing (a job builds the ZIP) → ready (stored under `storageKey`
 * in the media storage's private area, downloadable by its owner until `expiresAt`) | failed (the job's last try
 * failed). Expired files and their rows go in the daily retention sweep; a deleted account's go at once.
 */
export const dataExports = pgTable(
  "data_exports",
  {
    id: uuidPrimaryKey(),
    userId: userRef("user_id", "cascade"),
    status: text("status", { enum: DATA_EXPORT_STATUSES }).notNull().default("preparing"),
    /** Where the ZIP is kept (core/media/storage.ts: a random key, never served at /media/); null until ready. */
    storageKey: text("storage_key"),
    sizeBytes: bigint("size_bytes", { mode: "number" }),
    createdAt: createdAt(),
    readyAt: timestamp("ready_at", { withTimezone: true, precision: 3 }),
    /** readyAt plus EXPORT_LINK_HOURS: the download answers until then, and the retention sweep deletes it after. */
    expiresAt: timestamp("expires_at", { withTimezone: true, precision: 3 }),
  },
  (t) => [
    check("data_exports_status_check", sql`${t.status} in (${oneOf(DATA_EXPORT_STATUSES)})`),
    // One request being prepared per person at a time, whoever asks at the same moment.
    uniqueIndex("data_exports_one_preparing_idx").on(t.userId).where(sql`${t.status} = 'preparing'`),
    // A person's latest request (the profile's section).
    index("data_exports_user_created_idx").on(t.userId, t.createdAt.desc(), t.id.desc()),
    // The retention sweep: exports past their link's life.
    index("data_exports_expires_idx").on(t.expiresAt).where(sql`${t.expiresAt} is not null`),
  ],
);
