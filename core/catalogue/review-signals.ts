import { and, eq, gt, ne, notInArray, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { advertPhotoHashes, adverts, stolenSerials, users } from "../../db/schema/index.ts";
import { formatPrice } from "../../schemas/money.ts";
import { SUSPICIOUSLY_LOW_SHARE } from "../../schemas/price-labels.ts";
import { REVIEW_SIGNALS, type ReviewSignal } from "../../schemas/review-signals.ts";
import { hasDetail, hashBands } from "../media/index.ts";
import { announceModeration } from "../notifications/index.ts";
import { offSiteMentions } from "./off-site-text.ts";
import { comparablePrices } from "./price-guidance.ts";

/**
 * Review signals: what makes a posted or edited advert look like a scam, computed in the transaction
 * that writes it (so a held advert is never public, not even for a moment).
 */
export const SIGNAL_RULES = {
  /** Below this share of the comparable median (with enough comparables: price-guidance.ts). */
  lowPriceShare: SUSPICIOUSLY_LOW_SHARE,
  /** Two photo hashes this close are the same picture (re-encoded, resized); see advert_photo_hashes. */
  samePhotoBits: 3,
  /** A new account posting this many adverts within the hour… */
  burstAdverts: 10,
  burstWindowMs: 60 * 60 * 1000,
  /** …while it is younger than this. */
  newAccountMs: 7 * 24 * 60 * 60 * 1000,
} as const;

export type Verdict = "hold" | "flag" | "clear";

/** A strong signal holds; weak ones flag for admins, and two different weak ones together hold. */
export function verdictOf(signals: ReviewSignal[]): Verdict {
  if (signals.some((s) => REVIEW_SIGNALS[s.kind].strength === "strong")) return "hold";
  const weak = new Set(signals.map((s) => s.kind)).size;
  return weak >= 2 ? "hold" : weak === 1 ? "flag" : "clear";
}

/**
 * Weak signals alone flag a public advert for admins (or clear the flag when none are left); the admins'
 * open Reported Items pages hear when it enters, stays in (with what it raises now) or leaves their queue.
 */
export async function flagForAdmins(tx: Tx, advertId: string, signals: ReviewSignal[], wasFlagged = false) {
  await tx
    .update(adverts)
    .set(signals.length ? { reviewSignals: signals, flaggedAt: new Date() } : { reviewSignals: null, flaggedAt: null })
    .where(eq(adverts.id, advertId));
  if (signals.length > 0 || wasFlagged) await announceModeration(tx);
}

/**
 * Keeps an advert's photo hashes in step with its photos: those of photos it no longer has go, those of
 * photos new to it come (pictures without detail are not kept).
 */
export async function savePhotoHashes(
  tx: Tx,
  advertId: string,
  sellerId: string,
  photos: { keys: string[]; added: { key: string; hash: bigint }[] },
) {
  await tx
    .delete(advertPhotoHashes)
    .where(and(eq(advertPhotoHashes.advertId, advertId), notInArray(advertPhotoHashes.photoKey, photos.keys)));
  const rows = photos.added
    .filter((p) => hasDetail(p.hash))
    .map((p) => {
      const [band0, band1, band2, band3] = hashBands(p.hash);
      return { advertId, photoKey: p.key, sellerId, hash: p.hash, band0, band1, band2, band3 };
    });
  if (rows.length) await tx.insert(advertPhotoHashes).values(rows).onConflictDoNothing();
}

/** Every signal the advert (as written in this transaction) raises, with what admins need to judge it. */
export async function reviewSignals(tx: Tx, advertId: string): Promise<ReviewSignal[]> {
  const [a] = await tx.select().from(adverts).where(eq(adverts.id, advertId));
  if (!a) return [];
  // One after another: a transaction is one connection (and PGlite has one session).
  const found = [
    await lowPrice(tx, a),
    await duplicatePhotos(tx, advertId),
    await sharedMobile(tx, advertId, a.sellerId, a.mobileDigits),
    await postingBurst(tx, a.sellerId),
    await sameSerial(tx, a),
    await stolenSerial(tx, a.serialHash),
  ];
  const signals = found.filter((s): s is ReviewSignal => s !== null);
  const mentions = offSiteMentions(`${a.name}\n${a.description}`);
  if (mentions.length) signals.push({ kind: "off_site_contact", detail: `Mentions ${mentions.join(", ")}.` });
  return signals;
}

async function lowPrice(tx: Tx, a: typeof adverts.$inferSelect): Promise<ReviewSignal | null> {
  // Against laptops with a battery like this one's, when enough have one: a worn battery may be cheap.
  const prices = await comparablePrices(tx, { ...a, batteryHealth: a.batteryVerified ?? a.batteryHealth });
  if (!prices || prices.count < 5) return null;
  if (a.resalePriceCents >= prices.medianCents * SIGNAL_RULES.lowPriceShare) return null;
  return {
    kind: "low_price",
    detail: `${formatPrice(a.resalePriceCents)} against a median of ${formatPrice(prices.medianCents)} for ${prices.count} comparable laptops.`,
  };
}

/**
 * Another seller's photo within a few bits of one of this advert's — on an advert that passed review (a
 * held copy of Sam's photo must not hold Sam's next advert). Candidates share one of the four
 * indexed 16-bit bands (at most 3 differing bits cannot touch all four), then the whole hashes are
 * compared in SQL (bit_count over the xor: PostgreSQL 14 and later).
 */
async function duplicatePhotos(tx: Tx, advertId: string): Promise<ReviewSignal | null> {
  const band = (n: 0 | 1 | 2 | 3) => sql.raw(`band${n}`);
  const branches = ([0, 1, 2, 3] as const).map(
    (n) =>
      sql`select advert_id, seller_id, photo_key, hash from ${advertPhotoHashes} where ${band(n)} = mine.${band(n)}`,
  );
  // One row per other advert (its first look-alike photo), with which of this advert's photos it matched.
  const result = await tx.execute(sql`
    select distinct on (a.id) a.id, a.name, u.name as seller, other.photo_key, mine.photo_key as own_photo_key
    from ${advertPhotoHashes} mine
    cross join lateral (${sql.join(branches, sql` union all `)}) other
    join ${adverts} a on a.id = other.advert_id
    join ${users} u on u.id = other.seller_id
    where mine.advert_id = ${advertId} and other.seller_id <> mine.seller_id
      and a.status not in ('pending_review', 'rejected')
      and bit_count((other.hash # mine.hash)::bit(64)) <= ${SIGNAL_RULES.samePhotoBits}
    order by a.id, other.photo_key
    limit 3`);
  type Row = { id: string; name: string; seller: string; photo_key: string; own_photo_key: string };
  const rows = (result as unknown as { rows: Row[] }).rows;
  if (rows.length === 0) return null;
  return {
    kind: "duplicate_photo",
    detail: `Same photo as ${rows.map((r) => `“${r.name}” by ${r.seller}`).join(", ")}.`,
    sameAs: rows.map((r) => ({
      advertId: r.id,
      advertName: r.name,
      sellerName: r.seller,
      photoKey: r.photo_key,
      ownPhotoKey: r.own_photo_key,
    })),
  };
}

async function sharedMobile(
  tx: Tx,
  advertId: string,
  sellerId: string,
  digits: string | null,
): Promise<ReviewSignal | null> {
  if (!digits || digits.length < 6) return null;
  const others = await tx
    .selectDistinct({ name: users.name })
    .from(adverts)
    .innerJoin(users, eq(users.id, adverts.sellerId))
    .where(and(eq(adverts.mobileDigits, digits), ne(adverts.sellerId, sellerId), ne(adverts.id, advertId)))
    .limit(3);
  if (others.length === 0) return null;
  return {
    kind: "shared_mobile",
    detail: `Mobile number …${digits.slice(-4)} is also on adverts of ${others.map((o) => o.name).join(", ")}.`,
  };
}

async function postingBurst(tx: Tx, sellerId: string): Promise<ReviewSignal | null> {
  const [seller] = await tx
    .select({ since: users.createdAt })
    .from(users)
    .where(and(eq(users.id, sellerId), gt(users.createdAt, new Date(Date.now() - SIGNAL_RULES.newAccountMs))));
  if (!seller) return null;
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(adverts)
    .where(
      and(eq(adverts.sellerId, sellerId), gt(adverts.createdAt, new Date(Date.now() - SIGNAL_RULES.burstWindowMs))),
    );
  const n = Number(row?.n ?? 0);
  if (n <= SIGNAL_RULES.burstAdverts) return null;
  return {
    kind: "posting_burst",
    detail: `${n} adverts in the last hour from an account opened ${seller.since.toISOString().slice(0, 10)}.`,
  };
}

/** The same laptop (by its serial's hash) for sale now on another seller's advert. */
async function sameSerial(tx: Tx, a: typeof adverts.$inferSelect): Promise<ReviewSignal | null> {
  if (!a.serialHash) return null;
  const others = await tx
    .select({ name: adverts.name, seller: users.name })
    .from(adverts)
    .innerJoin(users, eq(users.id, adverts.sellerId))
    .where(
      and(
        eq(adverts.serialHash, a.serialHash),
        ne(adverts.sellerId, a.sellerId),
        // Live ones only, as with photos: a held copy must not hold the rightful seller's advert too.
        eq(adverts.status, "available"),
      ),
    )
    .limit(3);
  if (others.length === 0) return null;
  return {
    kind: "same_serial",
    detail: `Same serial number as ${others.map((o) => `“${o.name}” by ${o.seller}`).join(", ")}.`,
  };
}

/** A serial an admin recorded as stolen (core/moderation/stolen-serials.ts). */
async function stolenSerial(tx: Tx, serialHash: string | null): Promise<ReviewSignal | null> {
  if (!serialHash) return null;
  const [report] = await tx.select().from(stolenSerials).where(eq(stolenSerials.serialHash, serialHash));
  if (!report) return null;
  return {
    kind: "stolen_serial",
    detail: `Its serial number was reported stolen on ${report.createdAt.toISOString().slice(0, 10)}: ${report.reason}`,
  };
}
