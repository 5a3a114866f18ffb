import { randomInt } from "node:crypto";
import { and, asc, desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { keysetCursor, pastCursor } from "../../db/order.ts";
import { advertPhotoHashes, advertProofs, adverts, proofCodes, users } from "../../db/schema/index.ts";
import {
  PROOF_MESSAGES as M,
  type PendingProof,
  PROOF_CODE_ALPHABET,
  PROOF_CODE_HOURS,
  PROOF_CODE_LENGTH,
  type ProofCode,
  type ProofDecision,
  type ProofState,
  type ProofStatus,
} from "../../schemas/proof-photos.ts";
import type { AdvertStatus } from "../../schemas/values.ts";
import { type Actor, requireAdmin, type SessionUser } from "../accounts/index.ts";
import { recordAdminAction } from "../audit/index.ts";
import { AppError } from "../errors.ts";
import { hasDetail, hashBands, type MediaStorage, mediaUrl, storePrivatePhoto } from "../media/index.ts";
import { announceModeration, notify } from "../notifications/index.ts";
import { matchAgain } from "../orders/index.ts";
import type { StoredPhoto } from "./advert-photos.ts";
import { requireSeller } from "./owned-advert.ts";
import { SIGNAL_RULES } from "./review-signals.ts";

/**
 * "In hand": a seller proves they hold the laptop with a photo of it, switched on, beside a paper with their
 * one-time code. The photo is private (admins only); an admin approves it (the advert shows In hand) or rejects
 * it with a reason. A photo already in an advert, or another proof, is refused: it proves nothing.
 */

/** Who may move a proof, from where, to where: the one table of its states. */
export const PROOF_TRANSITIONS = {
  approve: { from: "pending", to: "approved", who: "admin" },
  reject: { from: "pending", to: "rejected", who: "admin" },
} as const satisfies Record<ProofDecision["decision"], { from: ProofStatus; to: ProofStatus; who: "admin" }>;

/**
 * The adverts whose proofs wait for an admin: those that may still sell (for sale, or held for review). A withdrawn
 * or rejected laptop never returns, and a sold one only if its sale is refunded (its proof waits again then).
 */
export const PROOF_WORTH_CHECKING = ["available", "pending_review"] as const satisfies AdvertStatus[];

const PAGE_SIZE = 50;
const cursors = keysetCursor(["time", "id"]);
const CODE_MS = PROOF_CODE_HOURS * 60 * 60 * 1000;
const refuse = (message: string) => new AppError("VALIDATION_FAILED", message, { proofPhoto: message });

const newCode = () =>
  Array.from({ length: PROOF_CODE_LENGTH }, () => PROOF_CODE_ALPHABET[randomInt(PROOF_CODE_ALPHABET.length)]).join("");

/**
 * The seller's code now: the one shown before while it lasts, else a new one. One statement, so two processes
 * showing two forms at once show the same code.
 */
export async function proofCodeFor(db: Db | Tx, actor: Actor): Promise<ProofCode> {
  requireSeller(actor);
  const stale = sql`now() - ${`${PROOF_CODE_HOURS} hours`}::interval`;
  await db
    .insert(proofCodes)
    .values({ sellerId: actor.id, code: newCode() })
    .onConflictDoUpdate({
      target: proofCodes.sellerId,
      set: { code: sql`excluded.code`, issuedAt: sql`now()` },
      where: lt(proofCodes.issuedAt, stale),
    });
  const [row] = await db.select().from(proofCodes).where(eq(proofCodes.sellerId, actor.id));
  const { code, issuedAt } = row as { code: string; issuedAt: Date };
  return { code, expiresAt: new Date(issuedAt.getTime() + CODE_MS).toISOString() };
}

/** A proof photo, checked and stored privately before the advert's transaction (as its photos are). */
export const storeProofPhoto = (media: MediaStorage, upload: File) => storePrivatePhoto(media, upload, "proofPhoto");

/**
 * In the advert's transaction (post or edit): the proof photo, showing the seller's live code, waits for an
 * admin; the code is used up. Refused, naming `proofPhoto`: an expired or wrong code, an advert with a proof
 * pending or approved already, and a photo that looks like another advert's photo or another proof.
 */
export async function attachProof(
  tx: Tx,
  actor: Actor,
  advertId: string,
  proof: { code: string | undefined; photo: StoredPhoto },
) {
  const [live] = await tx
    .select({ code: proofCodes.code })
    .from(proofCodes)
    .where(
      and(
        eq(proofCodes.sellerId, actor.id),
        sql`${proofCodes.issuedAt} > now() - ${`${PROOF_CODE_HOURS} hours`}::interval`,
      ),
    )
    .for("update");
  if (!live || live.code !== proof.code) throw refuse(M.codeExpired);
  const [already] = await tx
    .select({ id: advertProofs.id })
    .from(advertProofs)
    .where(and(eq(advertProofs.advertId, advertId), sql`${advertProofs.status} in ('pending', 'approved')`));
  if (already) throw refuse(M.alreadyProved);
  if (await seenBefore(tx, advertId, proof.photo.hash)) throw refuse(M.reused);
  const [band0, band1, band2, band3] = hashBands(proof.photo.hash);
  await tx.insert(advertProofs).values({
    advertId,
    sellerId: actor.id,
    code: live.code,
    photoKey: proof.photo.key,
    hash: proof.photo.hash,
    band0,
    band1,
    band2,
    band3,
  });
  await tx.delete(proofCodes).where(eq(proofCodes.sellerId, actor.id));
  await announceModeration(tx);
}

/**
 * Whether a picture within a few bits of this one is already another advert's photo or any proof: candidates
 * share one of the four indexed bands (as the duplicate-photo signal finds them), then whole hashes are compared.
 * A picture with no detail says nothing either way.
 */
async function seenBefore(tx: Tx, advertId: string, hash: bigint): Promise<boolean> {
  if (!hasDetail(hash)) return false;
  const bands = hashBands(hash);
  const near = (table: typeof advertPhotoHashes | typeof advertProofs) =>
    sql.join(
      bands.map(
        (value, n) =>
          sql`select advert_id, hash from ${table} where ${sql.raw(`band${n}`)} = ${value}
            and bit_count((hash # ${hash})::bit(64)) <= ${SIGNAL_RULES.samePhotoBits}`,
      ),
      sql` union all `,
    );
  const result = await tx.execute(sql`
    select 1 from (${near(advertPhotoHashes)}) photo where photo.advert_id <> ${advertId}
    union all
    select 1 from (${near(advertProofs)}) proof
    limit 1`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

/** An advert's latest proof as its seller's edit form shows it (never the photo); null: none sent. */
export async function proofStateOf(db: Db | Tx, advertId: string): Promise<ProofState> {
  const [row] = await db
    .select({ status: advertProofs.status, reason: advertProofs.reason })
    .from(advertProofs)
    .where(eq(advertProofs.advertId, advertId))
    .orderBy(desc(advertProofs.createdAt))
    .limit(1);
  return row ?? null;
}

/** Admins: the proofs waiting for a decision, oldest first, in keyset pages (of laptops that may still sell). */
export async function pendingProofs(
  db: Db | Tx,
  admin: SessionUser,
  cursor?: string,
): Promise<{ proofs: PendingProof[]; next: string | null }> {
  requireAdmin(admin);
  const after = cursor ? cursors.decode(cursor) : null;
  if (cursor && !after) {
    throw new AppError("VALIDATION_FAILED", "This page of proof photos does not exist.", { cursor: "Unknown" });
  }
  const [at, id] = after ?? [];
  const rows = await db
    .select({
      id: advertProofs.id,
      advertId: advertProofs.advertId,
      advertName: adverts.name,
      imageKey: adverts.imageKey,
      sellerName: users.name,
      code: advertProofs.code,
      createdAt: advertProofs.createdAt,
    })
    .from(advertProofs)
    .innerJoin(adverts, eq(adverts.id, advertProofs.advertId))
    .innerJoin(users, eq(users.id, advertProofs.sellerId))
    .where(
      and(
        eq(advertProofs.status, "pending"),
        inArray(adverts.status, PROOF_WORTH_CHECKING),
        at && id ? pastCursor("asc", [advertProofs.createdAt, advertProofs.id], [new Date(at), id]) : undefined,
      ),
    )
    .orderBy(asc(advertProofs.createdAt), asc(advertProofs.id))
    .limit(PAGE_SIZE + 1);
  const proofs = rows.slice(0, PAGE_SIZE).map((row) => ({
    id: row.id,
    advertId: row.advertId,
    advertName: row.advertName,
    advertImageUrl: mediaUrl(row.imageKey),
    sellerName: row.sellerName,
    code: row.code,
    photoUrl: proofPhotoPath(row.id),
    submittedAt: row.createdAt.toISOString(),
  }));
  const last = rows.length > PAGE_SIZE ? rows[PAGE_SIZE - 1] : undefined;
  return { proofs, next: last ? cursors.encode(last.createdAt, last.id) : null };
}

/** Where admins' browsers fetch a proof's photo (server/routes: an admin's session, never cached publicly). */
export const proofPhotoPath = (proofId: string) => `/api/proof-photos/${proofId}/photo`;

/** Admins: a proof's photo, as a stream; null when there is no such proof (or its file is gone). */
export async function openProofPhoto(db: Db | Tx, media: MediaStorage, admin: SessionUser, proofId: string) {
  requireAdmin(admin);
  const [row] = await db
    .select({ photoKey: advertProofs.photoKey })
    .from(advertProofs)
    .where(eq(advertProofs.id, proofId));
  return row ? media.openPrivate(row.photoKey) : null;
}

/**
 * Admins: Approve (the advert shows In hand) or Reject with a reason, told to the seller; audit-logged, in one
 * transaction with the proof locked, so two admins deciding at once end in one decision.
 */
export async function decideProof(db: Db, admin: SessionUser, proofId: string, decision: ProofDecision) {
  requireAdmin(admin);
  const move = PROOF_TRANSITIONS[decision.decision];
  await db.transaction(async (tx) => {
    // The advert first, as every change to an advert takes it (a withdrawal or a sale meanwhile waits, or is
    // seen), then the proof: two admins deciding at once end in one decision.
    const [advert] = await tx
      .select({ id: adverts.id, name: adverts.name, status: adverts.status })
      .from(adverts)
      .where(
        inArray(
          adverts.id,
          tx.select({ id: advertProofs.advertId }).from(advertProofs).where(eq(advertProofs.id, proofId)),
        ),
      )
      .for("update");
    const [proof] = advert
      ? await tx
          .select({ status: advertProofs.status, sellerId: advertProofs.sellerId })
          .from(advertProofs)
          .where(eq(advertProofs.id, proofId))
          .for("update")
      : [];
    if (!advert || !proof) throw new AppError("NOT_FOUND", M.notPending);
    if (proof.status !== move.from) throw new AppError("CONFLICT", M.notPending);
    if (!(PROOF_WORTH_CHECKING as readonly AdvertStatus[]).includes(advert.status)) {
      throw new AppError("CONFLICT", M.noLongerForSale);
    }
    const reason = decision.decision === "reject" ? decision.reason : null;
    await tx
      .update(advertProofs)
      .set({ status: move.to, reason, decidedBy: admin.id, decidedAt: new Date() })
      .where(eq(advertProofs.id, proofId));
    const { id: advertId, name: productName } = advert;
    if (decision.decision === "approve") {
      await tx.update(adverts).set({ inHand: true }).where(eq(adverts.id, advertId));
      // Saved searches for laptops In hand hear of it now (one held for review, when it is approved).
      if (advert.status === "available") await matchAgain(tx, advertId);
      await notify(tx, "advert.inHand", {
        recipientId: proof.sellerId,
        params: { advertId, productName },
      });
    } else {
      await notify(tx, "advert.proofRejected", {
        recipientId: proof.sellerId,
        params: { advertId, productName, reason: reason as string },
      });
    }
    const summary =
      decision.decision === "approve"
        ? `Approved the proof photo of ${productName}: In hand`
        : `Rejected the proof photo of ${productName}: ${reason}`;
    await recordAdminAction(tx, admin.id, `${decision.decision}-proof`, { type: "advert", id: advertId }, summary);
    await announceModeration(tx);
  });
}

/**
 * After an account is deleted (its transaction committed): its proof photos' files, then their rows — a photo of
 * someone's laptop and home is theirs, and the advert it proved is withdrawn. Idempotent (a retried deletion).
 */
export async function removeProofPhotosOf(db: Db, media: MediaStorage, sellerId: string) {
  const proofs = await db
    .select({ id: advertProofs.id, photoKey: advertProofs.photoKey })
    .from(advertProofs)
    .where(eq(advertProofs.sellerId, sellerId));
  for (const proof of proofs) await media.removePrivate(proof.photoKey);
  if (proofs.length) await db.delete(advertProofs).where(eq(advertProofs.sellerId, sellerId));
}
