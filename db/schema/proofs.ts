/** "In hand": sellers' one-time codes and the proof photos that show them (core/catalogue/proof-photos.ts). */
import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { PROOF_STATUSES } from "../../schemas/proof-photos.ts";
import { userRef } from "./accounts.ts";
import { adverts } from "./catalogue.ts";
import { createdAt, oneOf, uuidPrimaryKey, uuidRef } from "./columns.ts";

/**
 * A seller's one-time code, at most one at a time: shown by the advert form from its first showing for
 * PROOF_CODE_HOURS, used up by the proof photo that shows it. In the database, so every process shows the same.
 */
export const proofCodes = pgTable("proof_codes", {
  sellerId: userRef("seller_id", "cascade").primaryKey(),
  code: text("code").notNull(),
  issuedAt: createdAt(),
});

/**
 * A proof photo of an advert's laptop: pending until an admin approves (the advert is In hand) or rejects it
 * with a reason. Its file is private (media storage's private area); its perceptual hash and bands find a photo
 * used twice, as advert_photo_hashes does. At most one pending or approved proof per advert.
 */
export const advertProofs = pgTable(
  "advert_proofs",
  {
    id: uuidPrimaryKey(),
    advertId: uuidRef("advert_id", () => adverts.id, "cascade"),
    sellerId: userRef("seller_id", "cascade"),
    /** The code the paper in the photo should show. */
    code: text("code").notNull(),
    photoKey: text("photo_key").notNull(),
    hash: bigint("hash", { mode: "bigint" }).notNull(),
    band0: integer("band0").notNull(),
    band1: integer("band1").notNull(),
    band2: integer("band2").notNull(),
    band3: integer("band3").notNull(),
    status: text("status", { enum: PROOF_STATUSES }).notNull().default("pending"),
    /** Why an admin rejected it (shown to its seller). */
    reason: text("reason"),
    decidedBy: text("decided_by"),
    decidedAt: timestamp("decided_at", { withTimezone: true, precision: 3 }),
    createdAt: createdAt(),
  },
  (t) => [
    check("advert_proofs_status_check", sql`${t.status} in (${oneOf(PROOF_STATUSES)})`),
    uniqueIndex("advert_proofs_live_idx").on(t.advertId).where(sql`${t.status} in ('pending', 'approved')`),
    // The admins' queue, oldest first.
    index("advert_proofs_pending_idx").on(t.createdAt, t.id).where(sql`${t.status} = 'pending'`),
    // A seller's own: their data export (in keyset pages), and their files removed with their account.
    index("advert_proofs_seller_idx").on(t.sellerId, t.id),
    index("advert_proofs_band0_idx").on(t.band0),
    index("advert_proofs_band1_idx").on(t.band1),
    index("advert_proofs_band2_idx").on(t.band2),
    index("advert_proofs_band3_idx").on(t.band3),
  ],
);
