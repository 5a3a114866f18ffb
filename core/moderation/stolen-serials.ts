import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { descAsIndexed, keysetCursor, pastCursor } from "../../db/order.ts";
import { adverts, stolenSerials, users } from "../../db/schema/index.ts";
import type { StolenSerial, StolenSerialInput } from "../../schemas/serial-numbers.ts";
import { requireAdmin, type SessionUser } from "../accounts/index.ts";
import { reviewSignals, type SerialHasher } from "../catalogue/index.ts";
import { AppError } from "../errors.ts";
import { holdForReview, lockAdvert } from "../orders/index.ts";
import { recordDecision } from "./decision.ts";

/**
 * Serials reported stolen (a buyer's report, a police notice). An admin records one by its number, which is kept
 * only as the adverts' keyed hash: every advert for sale with it is held for review at once, in the same
 * transaction, and any later advert with it is held when posted (core/catalogue/review-signals.ts).
 */

const PAGE_SIZE = 50;
const cursors = keysetCursor(["time", "id"]);
export const SERIAL_ALREADY_STOLEN = "This serial number is already on the stolen list.";

/** Records a stolen serial and holds every advert for sale with it; says how many were held. */
export async function reportStolenSerial(
  db: Db,
  serials: SerialHasher,
  admin: SessionUser,
  input: StolenSerialInput,
): Promise<{ id: string; held: number }> {
  requireAdmin(admin);
  const serialHash = serials(input.serialNumber);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(stolenSerials)
      .values({ serialHash, reason: input.reason, reportedBy: admin.id })
      .onConflictDoNothing()
      .returning({ id: stolenSerials.id });
    if (!row) throw new AppError("CONFLICT", SERIAL_ALREADY_STOLEN, { serialNumber: SERIAL_ALREADY_STOLEN });
    const held = await holdAdvertsWith(tx, serialHash);
    const summary = `Recorded a serial number as stolen (${input.reason}); ${held} advert${held === 1 ? "" : "s"} held`;
    await recordDecision(tx, admin, "report-stolen-serial", { type: "serial", id: row.id }, summary);
    return { id: row.id, held };
  });
}

/**
 * The adverts for sale with this serial, each locked and held with everything it raises now (the stolen report
 * among it); those already held gain the signal. Sold ones are left to the sale's own course (a dispute).
 */
async function holdAdvertsWith(tx: Tx, serialHash: string): Promise<number> {
  const found = await tx
    .select({ id: adverts.id })
    .from(adverts)
    .where(and(eq(adverts.serialHash, serialHash), inArray(adverts.status, ["available", "pending_review"])))
    .orderBy(adverts.id);
  let held = 0;
  for (const { id } of found) {
    const advert = await lockAdvert(tx, id);
    if (!advert) continue;
    const signals = await reviewSignals(tx, id);
    if (advert.status === "available") {
      await holdForReview(tx, id, advert, signals);
      held++;
    } else if (advert.status === "pending_review") {
      await tx.update(adverts).set({ reviewSignals: signals }).where(eq(adverts.id, id));
    }
  }
  return held;
}

/** Admins: the stolen list, newest first, in keyset pages. */
export async function listStolenSerials(
  db: Db | Tx,
  admin: SessionUser,
  cursor?: string,
): Promise<{ serials: StolenSerial[]; next: string | null }> {
  requireAdmin(admin);
  const after = cursor ? cursors.decode(cursor) : null;
  if (cursor && !after) {
    throw new AppError("VALIDATION_FAILED", "This page of the stolen list does not exist.", { cursor: "Unknown" });
  }
  const [at, id] = after ?? [];
  const rows = await db
    .select({
      id: stolenSerials.id,
      reason: stolenSerials.reason,
      reportedBy: users.name,
      createdAt: stolenSerials.createdAt,
      // One indexed count per row of the page (adverts_serial_hash_idx), in the same query.
      adverts: sql<number>`(select count(*)::int from ${adverts} where ${adverts.serialHash} = ${stolenSerials.serialHash})`,
    })
    .from(stolenSerials)
    .innerJoin(users, eq(users.id, stolenSerials.reportedBy))
    .where(at && id ? pastCursor("desc", [stolenSerials.createdAt, stolenSerials.id], [at, id]) : undefined)
    .orderBy(descAsIndexed(stolenSerials.createdAt), descAsIndexed(stolenSerials.id))
    .limit(PAGE_SIZE + 1);
  const page = rows.slice(0, PAGE_SIZE).map((r) => ({
    id: r.id,
    reason: r.reason,
    reportedBy: r.reportedBy,
    reportedAt: r.createdAt.toISOString(),
    adverts: Number(r.adverts),
  }));
  const last = rows.length > PAGE_SIZE ? rows[PAGE_SIZE - 1] : undefined;
  return { serials: page, next: last ? cursors.encode(last.createdAt, last.id) : null };
}

/**
 * Takes a serial off the stolen list (recovered, or recorded in error). Adverts it held stay held: an admin
 * approves each from the review queue, where it no longer raises the report.
 */
export async function removeStolenSerial(db: Db, admin: SessionUser, id: string) {
  requireAdmin(admin);
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(stolenSerials)
      .where(eq(stolenSerials.id, id))
      .returning({ reason: stolenSerials.reason });
    if (!gone) throw new AppError("NOT_FOUND", "This serial number is not on the stolen list.");
    await recordDecision(
      tx,
      admin,
      "remove-stolen-serial",
      { type: "serial", id },
      `Took a serial number off the stolen list (${gone.reason})`,
    );
  });
}
